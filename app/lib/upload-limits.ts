/** The largest High Impact Report PDF staff may upload. */
export const HIR_MAX_BYTES = 50 * 1024 * 1024;
/** The largest record import file the records page takes (larger ones: npm run import). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
