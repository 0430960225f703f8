/**
 * The encryption context binds a blob to its owner and its stored name (kept in the row as `file_name`): a blob
 * presented for another user or under another name fails to decrypt. The random name rather than the row id,
 * because the name exists before any database round trip (parts stream in before the transaction).
 */
export function fileIdFor(userId: number, storedName: string): string {
  return `u${userId}-${storedName}`;
}
