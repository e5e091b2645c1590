/**
 * Controlled vocabularies of the record model: the values that filters, facets and the
 * regulatory timeline group by. Real terms where the domain has them (EMA and FDA
 * procedures and statuses, trial registries, MedDRA system organ classes).
 */
export const RECORD_STATUSES = ["Active", "Monitoring", "Archived", "Discontinued"] as const;

export const IHSI_CATEGORIES = [
  "New active substance",
  "New indication",
  "New formulation or route",
  "Advanced therapy medicinal product",
  "Biosimilar",
  "Repurposed medicine",
] as const;

export const PRICE_TIERS = ["Low", "Medium", "High", "Very high"] as const;

export const TECHNOLOGY_TYPES = [
  "Small molecule",
  "Monoclonal antibody",
  "Antibody-drug conjugate",
  "Bispecific antibody",
  "Gene therapy",
  "Cell therapy",
  "Vaccine",
  "Oligonucleotide",
  "Peptide",
  "Enzyme replacement therapy",
] as const;

export const EU_STATUSES = [
  "Pre-submission",
  "MAA submitted",
  "MAA under evaluation",
  "CHMP positive opinion",
  "CHMP negative opinion",
  "Authorised",
  "Conditional marketing authorisation",
  "Authorised under exceptional circumstances",
  "Application withdrawn",
  "Refused",
] as const;

export const EU_PROCEDURE_TYPES = [
  "Centralised procedure",
  "Centralised procedure (accelerated assessment)",
  "Decentralised procedure",
  "Mutual recognition procedure",
  "Type II variation (extension of indication)",
] as const;

export const EMA_EVENTS = [
  "Orphan designation",
  "PRIME eligibility",
  "Accelerated assessment granted",
  "MAA submitted",
  "MAA validated",
  "Clock stop",
  "CHMP opinion",
  "EC decision",
  "Application withdrawn",
] as const;

export const FDA_STATUSES = [
  "Pre-IND",
  "IND active",
  "NDA submitted",
  "BLA submitted",
  "Under priority review",
  "Under standard review",
  "Approved",
  "Accelerated approval",
  "Complete response letter",
  "Withdrawn",
] as const;

export const FDA_APPLICATION_TYPES = ["NDA", "BLA", "sNDA", "sBLA"] as const;

export const FDA_EVENTS = [
  "Orphan drug designation",
  "Fast track designation",
  "Breakthrough therapy designation",
  "Application submitted",
  "Priority review granted",
  "PDUFA date",
  "Advisory committee meeting",
  "Approval",
  "Complete response letter",
] as const;

export const TRIAL_REGISTRIES = {
  eu: ["EU CTR (CTIS)", "EudraCT"],
  us: ["ClinicalTrials.gov"],
} as const;

export const TRIAL_PHASES = [
  "Phase I",
  "Phase I/II",
  "Phase II",
  "Phase II/III",
  "Phase III",
  "Phase IV",
] as const;

export const TRIAL_STATUSES = [
  "Not yet recruiting",
  "Recruiting",
  "Active, not recruiting",
  "Completed",
  "Terminated",
  "Suspended",
  "Withdrawn",
] as const;

export const ORGANISATION_ROLES = [
  "Originator",
  "Developer",
  "Licensee",
  "Marketing authorisation holder",
  "Co-developer",
] as const;

export const COMPARATOR_TYPES = [
  "Standard of care",
  "Active comparator",
  "Placebo",
  "Best supportive care",
] as const;

export const CARE_SETTINGS = ["Hospital", "Specialist outpatient", "Primary care", "Home"] as const;

export const COST_BASES = [
  "per patient per year",
  "per course of treatment",
  "one-off treatment",
] as const;

/** The 27 MedDRA system organ classes. */
export const MEDDRA_SOCS = [
  "Blood and lymphatic system disorders",
  "Cardiac disorders",
  "Congenital, familial and genetic disorders",
  "Ear and labyrinth disorders",
  "Endocrine disorders",
  "Eye disorders",
  "Gastrointestinal disorders",
  "General disorders and administration site conditions",
  "Hepatobiliary disorders",
  "Immune system disorders",
  "Infections and infestations",
  "Injury, poisoning and procedural complications",
  "Investigations",
  "Metabolism and nutrition disorders",
  "Musculoskeletal and connective tissue disorders",
  "Neoplasms benign, malignant and unspecified (incl cysts and polyps)",
  "Nervous system disorders",
  "Pregnancy, puerperium and perinatal conditions",
  "Product issues",
  "Psychiatric disorders",
  "Renal and urinary disorders",
  "Reproductive system and breast disorders",
  "Respiratory, thoracic and mediastinal disorders",
  "Skin and subcutaneous tissue disorders",
  "Social circumstances",
  "Surgical and medical procedures",
  "Vascular disorders",
] as const;
