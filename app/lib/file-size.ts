/** A file's size as people read it: "1.2 MB", "340 KB" (decimal units, as browsers show downloads). */
export const fileSize = (bytes: number) =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1000))} KB`;
