/** The files of a drop, with dropped folders opened (sorted by name, hidden files such as .DS_Store left out). */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  // Entries must be taken while the drop event runs; the DataTransfer is emptied afterwards.
  const entries = Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  const files = Array.from(transfer.files);
  if (!entries.some((entry) => entry?.isDirectory)) return files;
  const out: File[] = [];
  for (const entry of entries) if (entry) out.push(...(await filesOf(entry)));
  return out;
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))];
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chrome) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const visible = children.filter((c) => !c.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const out: File[] = [];
  for (const child of visible) out.push(...(await filesOf(child)));
  return out;
}
