/** How the state of an import reads on the staff pages. */
export const IMPORT_STATES: Record<string, string> = {
  checking: "Being checked",
  validated: "Checked, waiting to be applied",
  invalid: "Rejected: has errors",
  applying: "Being applied",
  applied: "Applied",
  cancelled: "Cancelled",
};
