import type yazl from 'yazl';

/** Ends a yazl zip and collects it in memory (the packages the burn tool build makes are a few tens of MB at most). */
export function zipBuffer(zip: yazl.ZipFile): Promise<Buffer> {
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
