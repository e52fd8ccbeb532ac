import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import circles among the project's own source files. Every import counts, a lazy `import('./X.tsx')` and an
 * `export ... from` included, except `import type` (erased by the compiler): a route table that lazily imports a
 * page which imports the feature whose index re-exports that route table is a circle to a reader and to the
 * bundler's chunking even though nothing breaks at run time.
 */

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The relative module names a file imports at run time (type-only imports and exports left out). */
export function runtimeImports(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((name) => name.startsWith('.'));
}

function resolveImport(from: string, name: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), name);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => known.has(candidate));
}

/** Each circle (a strongly connected group of two or more files, or a file importing itself), paths relative to root. */
export function importCircles(root: string, dirs: readonly string[]): string[][] {
  const files = dirs.flatMap((dir) => sourceFiles(path.resolve(root, dir)));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(readFileSync(file, 'utf8'), file)
      .map((name) => resolveImport(file, name, known))
      .filter((target): target is string => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = group.length === 1 && (edges.get(group[0]) ?? []).includes(group[0]);
      if (group.length > 1 || selfImport) circles.push(group.map((file) => path.relative(root, file)).sort());
    }
  }
  return circles;
}

/** The folders of the house that hold the project's own TypeScript. */
export const SOURCE_ROOTS = ['web/src', 'server/src', 'server/test', 'common', 'extension', 'native-host', 'installer', 'scripts', 'test'] as const;
