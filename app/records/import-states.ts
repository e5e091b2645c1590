/** How the state of an import reads on the staff pages. */
export const IMPORT_STATES: Record<string, string> = {
  validated: "Checked, waiting to be applied",
  invalid: "Rejected: has errors",
  applied: "Applied",
  cancelled: "Cancelled",
};
