/** The export formats (client-safe: the export page lists them). */
export const EXPORT_FORMATS = ["csv", "xlsx", "xml"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
