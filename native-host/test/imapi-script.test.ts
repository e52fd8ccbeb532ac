/**
 * The PowerShell the Windows burner runs (IMAPI2 through COM), checked without Windows: tokenized by
 * powershell-lint.ts, its structure must hold (strings, here-strings, brackets, variables), its parameters must be
 * the ones the helper passes, every line it prints must be one the helper parses, and those lines must map to the
 * spec's burner codes, "no burner" above all when IMAPI2 is missing. A broken copy of it must fail the same checks.
 */
import assert from 'node:assert/strict';
import { BURNER_CODES } from '../../common/burn-protocol.ts';
import { IMAPI_SCRIPT, imapiArguments, imapiState, parseImapiLine, type ImapiLine } from '../src/burners/windows.ts';
import { bracketProblems, lintPowerShell, tokenize, type Token } from './powershell-lint.ts';

const { tokens } = tokenize(IMAPI_SCRIPT);
const strings = tokens.filter((token): token is Extract<Token, { kind: 'string' }> => token.kind === 'string');

/** A printed line with its variables as a real run would fill them in. */
function rendered(value: string): string {
  const samples: Record<string, string> = { media: '9', blank: '1', busy: '0', drive: 'E:\\', message: 'Class not registered' };
  return value.replace(/\$\([^)]*\)/g, '0x80040154').replace(/\$(\w+)/g, (_, name: string) => {
    assert.ok(name.toLowerCase() in samples, `$${name} in a printed line`);
    return samples[name.toLowerCase()];
  });
}

describe("the Windows burner's PowerShell script (IMAPI2)", () => {
  it('tokenizes whole, its brackets balance, and no variable is read before it is assigned', () => {
    assert.deepEqual(lintPowerShell(IMAPI_SCRIPT), []);
    assert.ok(tokens.length > 200);
  });

  it('fails a broken copy: a typo, a lost brace, an unclosed string or here-string', () => {
    const broken: [string, RegExp][] = [
      [IMAPI_SCRIPT.replace('$recorder.InitializeDiscRecorder', '$recoder.InitializeDiscRecorder'), /\$recoder is read before it is assigned/],
      [IMAPI_SCRIPT.replace("busy=0'; exit 0 }", "busy=0'; exit 0"), /is never closed|closes/],
      [IMAPI_SCRIPT.replace("'DONE'", "'DONE"), /unterminated|closes|never closed/],
      [IMAPI_SCRIPT.replace("\n'@\n", "\n  '@\n"), /unterminated here-string/],
      [IMAPI_SCRIPT.replace('$format.Recorder = $recorder', '$format.Recorder = $recorder)'), /\) closes/],
    ];
    for (const [script, problem] of broken) {
      assert.notEqual(script, IMAPI_SCRIPT, `the breakage applies (${problem})`);
      assert.match(lintPowerShell(script).join('\n'), problem);
    }
  });

  it('declares exactly the parameters the helper passes', () => {
    const start = tokens.findIndex((token) => token.kind === 'word' && token.value.toLowerCase() === 'param');
    assert.equal(start, 0, 'param(...) comes first');
    const end = tokens.findIndex((token, index) => index > start && token.kind === 'punct' && token.value === ')' && tokens[index + 1]?.line !== token.line);
    const declared = tokens.slice(start, end).flatMap((token) => (token.kind === 'variable' ? [token.name] : []));
    assert.deepEqual(declared, ['mode', 'index', 'iso']);
    const passed = [...imapiArguments('check', 0), ...imapiArguments('burn', 1, 'C:\\x.iso')].filter((arg) => arg.startsWith('-')).map((arg) => arg.slice(1).toLowerCase());
    assert.deepEqual([...new Set(passed)].sort(), [...declared].sort());
    // The modes the helper asks for are the ones the script tests.
    for (const mode of ['check', 'burn']) assert.ok(strings.some((token) => token.value === mode), `-Mode ${mode} is handled`);
  });

  it('prints only lines the helper parses, and they map to the spec’s burner codes', () => {
    const printed = strings.filter((token) => !token.here && /^(STATE|ERROR|DONE|PROGRESS)\b/.test(token.value)).map((token) => rendered(token.value));
    // The C# stream's progress lines, with a percentage where its code appends one.
    const csharp = strings.find((token) => token.here)!.value;
    const fromCsharp = [...csharp.matchAll(/WriteLine\("([^"]+)"( \+)?/g)].map((m) => (m[2] ? `${m[1]}45.5` : m[1]));
    const lines = [...printed, ...fromCsharp].map((text) => {
      const line = parseImapiLine(text);
      assert.ok(line, `the helper parses "${text}"`);
      return line;
    });
    assert.deepEqual([...new Set(lines.map((line) => line.kind))].sort(), ['done', 'error', 'progress', 'state']);
    const state = (line: ImapiLine) => imapiState([line]).hr_hex;
    const states = lines.filter((line) => line.kind === 'state').map(state);
    assert.deepEqual([...new Set(states)].sort(), [BURNER_CODES.ok, BURNER_CODES.noBurner, BURNER_CODES.recorderNotSupported].sort());
    // IMAPI2 missing: New-Object fails with REGDB_E_CLASSNOTREG, printed as an ERROR line: the spec's "no burner".
    const error = lines.find((line) => line.kind === 'error')!;
    assert.equal(state(error), BURNER_CODES.noBurner);
    assert.equal(imapiState([]).hr_hex, BURNER_CODES.noBurner, 'no output at all (no PowerShell) is no burner too');
  });

  it('uses IMAPI2 by its COM ProgIDs, and the C# stream it defines', () => {
    const progIds = tokens.flatMap((token, index) => (token.kind === 'word' && token.value === '-ComObject' ? [(tokens[index + 1] as { value: string }).value] : []));
    assert.deepEqual([...new Set(progIds)].sort(), ['IMAPI2.MsftDiscFormat2Data', 'IMAPI2.MsftDiscMaster2', 'IMAPI2.MsftDiscRecorder2']);
    const csharp = strings.find((token) => token.here)!.value;
    assert.match(csharp, /public class TributeProgressStream : IStream \{/);
    assert.ok(tokens.some((token, index) => token.kind === 'word' && token.value === 'New-Object' && (tokens[index + 1] as { value: string }).value === 'TributeProgressStream'));
    // The C# braces and parentheses balance too (its strings and chars taken out).
    const code = csharp.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'/g, '""');
    const punct = [...code].filter((c) => '(){}[]'.includes(c)).map((value): Token => ({ kind: 'punct', value, line: 0 }));
    assert.deepEqual(bracketProblems(punct), []);
  });
});
