/**
 * The demo store's FAQ and glossary: written for this product, so a newcomer reads what a
 * member would. The FAQ's export entry has the anchor EXPORTINGDATA (the export page links to
 * it); the glossary explains every field label a member sees on a record page, with where its
 * data comes from. Staff edit all of it afterwards like anything else.
 */

export interface DemoFaq {
  category: string;
  question: string;
  answer: string;
  anchor: string;
}

// Button names are written as the page shows them, kept on one line with a no-break space
// ("Clear\u00a0All", the export bar's); "6\u2011digit" has a no-break hyphen.
export const DEMO_FAQS: DemoFaq[] = [
  // Searching
  {
    category: "Searching",
    anchor: "SEARCHBOX",
    question: "What does the search box look through?",
    answer: `Every published record. Names and titles count most, then indications, companies and codes, then the rest of the record: mechanism of action, disease, trials and analysis.

- Several words find records that have all of them.
- Put a phrase in quotes to find the words together: \`"non-small cell"\`.
- Type at least two letters to be offered substance, company and disease names as you type.

[Search tips](/searchtips) has examples that run on the catalogue.`,
  },
  {
    category: "Searching",
    anchor: "RESULTORDER",
    question: "In what order do results come, and can I change it?",
    answer: `Most relevant first, and among equally relevant records the most recently updated first. Use **Sort by** above the results to order them by last updated date or by title instead. Results come 20 to a page, as cards or as a table; the view you choose is remembered for your account.`,
  },
  {
    category: "Searching",
    anchor: "NORESULTS",
    question: "Why does my search find nothing?",
    answer: `Usually a spelling or a filter. When nothing is found, the page offers the nearest spelling it knows from substance, company and disease names. Check the filters listed above the results too: each has a link that removes it. If a product you expect is missing, it may not be on our horizon yet: tell us through the [contact form](/contact).`,
  },
  {
    category: "Searching",
    anchor: "RECORDCHANGES",
    question: "How do I see what changed in a record?",
    answer: `Open the record and go to its **Record change log** section (the last one): every change since the record was first published, newest first, with the section, the field and its value before and after. Records updated recently are also listed under **Notifications** in your dashboard.`,
  },
  // Filters
  {
    category: "Filters",
    anchor: "COMBININGFILTERS",
    question: "How do filters combine?",
    answer: `Tick the values you want and choose **Apply filters**. Values of one filter are joined by OR (records with any of them); different filters are joined by AND (records matching all of them). Each filter shows its ten most frequent values in the current results, with counts; **More** opens every value of it.`,
  },
  {
    category: "Filters",
    anchor: "DATEFILTERS",
    question: "How do I find records by date, such as EU regulatory events?",
    answer: `Use the **Last updated** or **EU event dates** filters: give a from date, a to date or both, as day, month and year. EU event dates can be limited to one event, such as *MAA submitted* or *CHMP opinion*, so that you can list, for example, every CHMP opinion expected next quarter.`,
  },
  {
    category: "Filters",
    anchor: "ADVANCEDSEARCH",
    question: "When should I use advanced search?",
    answer: `When the filters are not enough: [advanced search](/advancedsearch) builds a search from rows, each naming a field, an operator (*contains*, *is*, *is not*, *between dates*) and a value, joined by AND or OR. For example: Company contains Norvane OR Company contains Corvance. The search you built is shown above the results, and can be saved like any other.`,
  },
  // Saved searches and alerts
  {
    category: "Saved searches and alerts",
    anchor: "SAVINGSEARCHES",
    question: "How do I save a search?",
    answer: `Run the search, with any filters, then choose **Save this search** above the results and give it a title. Your saved searches are under **Saved searches** in your dashboard: run one again with a click, rename it or delete it. A saved search stores the search itself, not its results, so it always shows the records that match today.`,
  },
  {
    category: "Saved searches and alerts",
    anchor: "SEARCHALERTS",
    question: "Can I be told when new records match a saved search?",
    answer: `Yes. On **Saved searches**, set a saved search's alert to *daily* or *weekly*: you then get an email listing the records that have newly come to match it, or were updated, since the last one. An email is sent only when there is something to tell. Set the alert back to *none* to stop it.`,
  },
  {
    category: "Saved searches and alerts",
    anchor: "RELEASEALERTS",
    question: "What are the banners at the top of the page?",
    answer: `Alerts from our team: a new release of the product, planned maintenance, or news about the data. Choose **Close and View Details** to read one in full; once closed it stays closed on every device you use. Past release notes are on the **Releases** page in the menu.`,
  },
  // Exporting data
  {
    category: "Exporting data",
    anchor: "EXPORTINGDATA",
    question: "How do I export records?",
    answer: `1. In the search results, tick the records you want (or **Select all on this page**). The selection bar then says *Selected N result(s)*.
2. Choose **Export** in that bar.
3. Choose what to export, the selected results or every result of the search, and a format: **CSV**, **XLSX** or **XML**.
4. Choose **Export**, then **Download** once the file is ready.

The selection is kept while you move between pages of results, and cleared with **Clear\u00a0All** in that bar.`,
  },
  {
    category: "Exporting data",
    anchor: "EXPORTFIELDS",
    question: "Which fields does an export include?",
    answer: `A CSV file holds a limited set of fields: the HSS ID and title, then the fields of the search page's filters, such as substance name, company, therapeutic area and EU and FDA regulatory status. An XML file holds the same limited set as CSV, for other systems. An XLSX workbook holds every field of the record, one column per field.`,
  },
  // Printing
  {
    category: "Printing",
    anchor: "PRINTING",
    question: "How do I print a record, or only some sections of it?",
    answer: `Open the record and choose **Print**. Tick the sections you want (all are ticked at first; the page's **Clear\u00a0all** and **Select\u00a0all** buttons help), then choose **Show print preview**: the record is shown with only those sections, ready for your browser's print command or to save as PDF.`,
  },
  {
    category: "Printing",
    anchor: "PRINTLAYOUT",
    question: "Will the printout include the menus and buttons?",
    answer: `No. The printout leaves out the header, menus, footer, contents list and buttons; tables are printed in full, and links to other sites print their address. The record's HSS ID, version and last updated date are at the top of the first page, so a printout can always be traced back to its record.`,
  },
  // Account and notifications
  {
    category: "Account and notifications",
    anchor: "EMAILNOTIFICATIONS",
    question: "How do I turn email notifications on or off?",
    answer: `Go to **Notifications** in your dashboard. Under *Email notifications*, choose whether to receive an email about recently updated records and how often. Every email also has a link that turns them off at once.`,
  },
  {
    category: "Account and notifications",
    anchor: "PROFILE",
    question: "How do I change my name, email address or password?",
    answer: `Go to **My account**: *Change your name or email* and *Change your password* are there (the main menu's **Profile** leads to the first). You need your current password to set a new one. Forgotten it? Use *Forgotten your password?* on the login page.`,
  },
  {
    category: "Account and notifications",
    anchor: "TWOSTEP",
    question: "How do I make my account safer with two-step sign-in?",
    answer: `In **My account**, choose **Two-step sign-in** and scan the QR code with an authenticator app on your phone. After your password you are then asked for a 6\u2011digit code from the app. Keep the recovery codes you are given somewhere safe: each one signs you in once if you lose your phone.`,
  },
  {
    category: "Account and notifications",
    anchor: "CONTACTUS",
    question: "How do I get help, or an account for a colleague?",
    answer: `Write to us through the [contact form](/contact): someone should respond within 24\u201348 hours. Accounts are by invitation from your organisation's subscription; ask us and we will send your colleague an invitation by email.`,
  },
];

export interface DemoGlossaryEntry {
  recordSection: string;
  fieldName: string;
  fieldDescription: string;
  sourceOfData: string;
}

const ANALYSTS =
  "Our analysts, who review every record before it is published and when it changes.";
const COMPANY = `The developing company's public information (press releases, pipeline pages, investor reports), checked by our analysts.`;
const EMA = `The European Medicines Agency: [medicines data and EPARs](https://www.ema.europa.eu/en/medicines), CHMP meeting highlights and the Union Register of medicinal products.`;
const FDA = `The US Food and Drug Administration: [Drugs@FDA](https://www.accessdata.fda.gov/scripts/cder/daf/), FDA press announcements and the company's own announcements of FDA decisions.`;
const REGISTRIES = `The trial registries: in the EU the [Clinical Trials Information System](https://euclinicaltrials.eu/) (EU CTR) and EudraCT; in the US [ClinicalTrials.gov](https://clinicaltrials.gov/).`;
const SYSTEM = "This database itself: set when a record is published or changed.";

const entry = (
  recordSection: string,
  fieldName: string,
  fieldDescription: string,
  sourceOfData: string,
): DemoGlossaryEntry => ({ recordSection, fieldName, fieldDescription, sourceOfData });

export const DEMO_GLOSSARY: DemoGlossaryEntry[] = [
  // Key facts: the fields explained here belong to no other section; the rest of the key facts
  // link to their entries in the sections they come from.
  entry(
    "keyFacts",
    "HSS ID",
    "The record's permanent identifier in this database, such as HSS-000123. It never changes, and appears in exports, printouts and links to the record.",
    SYSTEM,
  ),
  entry(
    "keyFacts",
    "Company",
    "The organisations developing or marketing the technology, as listed under *Organisations*.",
    COMPANY,
  ),
  entry(
    "keyFacts",
    "Record status",
    "Where the record stands on our horizon: **Active** (followed and updated), **Monitoring** (followed less closely, little news expected), **Archived** (no longer followed) or **Discontinued** (development stopped).",
    ANALYSTS,
  ),
  entry(
    "keyFacts",
    "First in class",
    "Yes when the technology is the first to act through its mechanism or on its target, with no authorised medicine of the same class.",
    `${ANALYSTS} Judged from the EMA and FDA registers of authorised medicines.`,
  ),
  entry(
    "keyFacts",
    "Stub record",
    "Yes when the record is a placeholder for an early technology, with only its key facts filled in. It is completed once more is known.",
    ANALYSTS,
  ),
  entry(
    "keyFacts",
    "Last updated",
    "The date of the record's latest published change. The *Record change log* lists each change.",
    SYSTEM,
  ),
  // Active compound
  entry(
    "activeCompound",
    "Substance name",
    "The active substance's international non-proprietary name (INN), or its development code when no INN has been given yet.",
    `The WHO INN lists, or ${COMPANY.charAt(0).toLowerCase()}${COMPANY.slice(1)}`,
  ),
  entry(
    "activeCompound",
    "Brand name",
    "The trade name under which the product is or will be marketed. Empty until a name is public.",
    `${EMA} ${FDA}`,
  ),
  entry(
    "activeCompound",
    "Synonyms",
    "Other names of the substance: development codes, former names and names in other regions. Search finds a record by any of them.",
    COMPANY,
  ),
  entry(
    "activeCompound",
    "Technology type",
    "The kind of technology, such as small molecule, monoclonal antibody, antibody-drug conjugate, gene therapy or cell therapy.",
    ANALYSTS,
  ),
  entry(
    "activeCompound",
    "Drug class",
    "The pharmacological class of the substance, such as *PD-1 inhibitor* or *GLP-1 receptor agonist*.",
    `${ANALYSTS} Based on the WHO ATC classification where one is given.`,
  ),
  entry(
    "activeCompound",
    "Target",
    "The molecule, receptor or pathway the substance acts on, such as KRAS G12C or CD19.",
    "The developing company's public information and published literature, checked by our analysts.",
  ),
  entry(
    "activeCompound",
    "Mechanism of action",
    "How the substance works on its target to treat the disease, in a sentence or two.",
    "The developing company's public information and published literature, summarised by our analysts.",
  ),
  entry(
    "activeCompound",
    "Orphan designation",
    "Yes when the substance has an orphan designation for this indication from the EMA or the FDA: a medicine for a rare disease, with incentives for its developer.",
    `${EMA} ${FDA}`,
  ),
  // Estimated indication
  entry(
    "estimatedIndication",
    "Indication",
    "The disease or condition, and the patients, the technology is expected to be licensed for. Before a licence it is our estimate from the trials.",
    `${REGISTRIES} ${ANALYSTS}`,
  ),
  entry(
    "estimatedIndication",
    "Therapeutic area",
    "The broad area of medicine of the indication, such as oncology or neurology.",
    ANALYSTS,
  ),
  entry(
    "estimatedIndication",
    "Population",
    "The patients the indication covers, such as *adults with previously treated disease*.",
    `${REGISTRIES} ${ANALYSTS}`,
  ),
  entry(
    "estimatedIndication",
    "Line of therapy",
    "Where in the treatment pathway the technology would be used: first line, second line, later lines, maintenance or adjuvant.",
    `${REGISTRIES} ${ANALYSTS}`,
  ),
  // Comparators
  entry(
    "comparators",
    "Comparator",
    "A treatment the technology is likely to be compared with: in its trials, or in health technology assessment.",
    `${REGISTRIES} ${ANALYSTS}`,
  ),
  entry(
    "comparators",
    "Type",
    "The kind of comparator: standard of care, active comparator, placebo or best supportive care.",
    REGISTRIES,
  ),
  // Organisations
  entry(
    "organisations",
    "Organisation",
    "A company or institution involved with the technology.",
    COMPANY,
  ),
  entry(
    "organisations",
    "Role",
    "What the organisation does for the technology: originator, developer, licensee, co-developer or marketing authorisation holder.",
    `${COMPANY} ${EMA}`,
  ),
  entry("organisations", "Country", "The country of the organisation's headquarters.", COMPANY),
  // Classification and codes
  entry(
    "classificationAndCodes",
    "ATC code",
    "The Anatomical Therapeutic Chemical code of the substance, such as L01FF02. Empty until the WHO assigns one.",
    "The [WHO ATC/DDD Index](https://atcddd.fhi.no/atc_ddd_index/).",
  ),
  entry(
    "classificationAndCodes",
    "ATC description",
    "The name of the ATC code's group, such as *PD-1/PDL-1 inhibitors*.",
    "The [WHO ATC/DDD Index](https://atcddd.fhi.no/atc_ddd_index/).",
  ),
  entry(
    "classificationAndCodes",
    "IHSI category",
    "The kind of innovation in the categories of the International Horizon Scanning Initiative: new active substance, new indication, new formulation or route, advanced therapy, biosimilar or repurposed medicine.",
    ANALYSTS,
  ),
  entry(
    "classificationAndCodes",
    "ICD-10",
    "The code of the indication's disease in the International Classification of Diseases, 10th revision.",
    `The [WHO ICD-10](https://icd.who.int/browse10/) classification, coded by our analysts.`,
  ),
  entry(
    "classificationAndCodes",
    "MedDRA system organ class",
    "The top level of the MedDRA medical terminology for the indication: the body system, such as *Neoplasms benign, malignant and unspecified*.",
    "The [MedDRA](https://www.meddra.org/) terminology (ICH), coded by our analysts.",
  ),
  entry(
    "classificationAndCodes",
    "MedDRA high level group term",
    "The second level of MedDRA for the indication: a group of related high level terms.",
    "The [MedDRA](https://www.meddra.org/) terminology (ICH), coded by our analysts.",
  ),
  entry(
    "classificationAndCodes",
    "MedDRA high level term",
    "The third level of MedDRA for the indication: a group of related preferred terms.",
    "The [MedDRA](https://www.meddra.org/) terminology (ICH), coded by our analysts.",
  ),
  entry(
    "classificationAndCodes",
    "MedDRA preferred term",
    "The MedDRA term for the indication itself: one distinct medical concept.",
    "The [MedDRA](https://www.meddra.org/) terminology (ICH), coded by our analysts.",
  ),
  entry(
    "classificationAndCodes",
    "MedDRA lowest level term",
    "The most specific MedDRA term for the indication, as a clinician might write it.",
    "The [MedDRA](https://www.meddra.org/) terminology (ICH), coded by our analysts.",
  ),
  // Administration information
  entry(
    "administrationInformation",
    "Route",
    "How the product is given: oral, intravenous, subcutaneous, intramuscular, inhaled, topical and so on.",
    `${REGISTRIES} ${EMA}`,
  ),
  entry(
    "administrationInformation",
    "Dosage form",
    "The form of the product, such as film-coated tablet, solution for infusion or pre-filled pen.",
    `${EMA} ${COMPANY}`,
  ),
  entry(
    "administrationInformation",
    "Dosing",
    "The dose and how often it is given, as in the licence or, before one, in the pivotal trials.",
    `${EMA} ${REGISTRIES}`,
  ),
  entry(
    "administrationInformation",
    "Care setting",
    "Where the product would be given: hospital, specialist outpatient clinic, primary care or at home. It tells services where costs and capacity fall.",
    ANALYSTS,
  ),
  // Disease information
  entry(
    "diseaseInformation",
    "Disease",
    "The disease or condition the indication treats.",
    ANALYSTS,
  ),
  entry(
    "diseaseInformation",
    "Description",
    "A short description of the disease: its cause, symptoms and course.",
    "Our analysts, from clinical guidelines and reviews.",
  ),
  entry(
    "diseaseInformation",
    "Prevalence",
    "How many people have the disease at a given time, usually per 10,000 or 100,000 population in Europe.",
    "Published epidemiology (Orphanet for rare diseases, national registries, GBD estimates), summarised by our analysts.",
  ),
  entry(
    "diseaseInformation",
    "Incidence",
    "How many people are newly diagnosed each year, usually per 100,000 population.",
    "Published epidemiology (cancer registries, national statistics, GBD estimates), summarised by our analysts.",
  ),
  entry(
    "diseaseInformation",
    "Current treatment",
    "How the disease is treated today, which the technology would add to or replace.",
    "Clinical guidelines (ESMO, NICE and others), summarised by our analysts.",
  ),
  // Regulatory information: the timeline of EMA and FDA events
  entry(
    "regulatoryInformation",
    "Date",
    "The date of a regulatory event. A future date is expected, not yet happened: a PDUFA date or an expected CHMP opinion.",
    `${EMA} ${FDA}`,
  ),
  entry(
    "regulatoryInformation",
    "Agency",
    "The regulator of the event: the European Medicines Agency (EMA) or the US Food and Drug Administration (FDA).",
    `${EMA} ${FDA}`,
  ),
  entry(
    "regulatoryInformation",
    "Event",
    "A step on the way to a licence, such as orphan designation, MAA submitted, CHMP opinion, EC decision, breakthrough therapy designation, PDUFA date or approval.",
    `${EMA} ${FDA}`,
  ),
  entry(
    "regulatoryInformation",
    "Note",
    "What our analysts add about the event, such as a delay announced by the company.",
    ANALYSTS,
  ),
  // EMA
  entry(
    "ema",
    "EU regulatory status",
    "Where the technology stands with the EU regulator, from pre-submission through MAA submitted, under evaluation and CHMP opinion to authorised (or withdrawn or refused).",
    EMA,
  ),
  entry(
    "ema",
    "Procedure type",
    "The EU route to a licence: the centralised procedure (with or without accelerated assessment), the decentralised or mutual recognition procedure, or a Type II variation to extend an existing licence.",
    EMA,
  ),
  entry(
    "ema",
    "Procedure number",
    "The EMA's number for the application, such as EMEA/H/C/005678.",
    EMA,
  ),
  entry(
    "ema",
    "PRIME eligible",
    "Yes when the EMA has accepted the medicine into PRIME, its scheme of early, enhanced support for medicines that may address an unmet need.",
    EMA,
  ),
  entry(
    "ema",
    "EU - MAA indications",
    "The indications applied for in the marketing authorisation application (MAA), as submitted.",
    EMA,
  ),
  entry(
    "ema",
    "EU - CHMP opinion indication",
    "The indication as worded in the CHMP's opinion, which may be narrower than the one applied for.",
    `${EMA} The CHMP meeting highlights give it first.`,
  ),
  // FDA
  entry(
    "fda",
    "FDA regulatory status",
    "Where the technology stands with the US regulator, from pre-IND and an active IND through NDA or BLA submission and review to approval (or a complete response letter).",
    FDA,
  ),
  entry(
    "fda",
    "Application type",
    "The kind of US application: NDA (new drug), BLA (biologic), or a supplement to either (sNDA, sBLA) for a new indication.",
    FDA,
  ),
  entry("fda", "Application number", "The FDA's number for the application.", FDA),
  entry(
    "fda",
    "Breakthrough therapy",
    "Yes when the FDA has designated the product a breakthrough therapy: early evidence of substantial improvement over available therapy, with more guidance and a faster review.",
    FDA,
  ),
  entry(
    "fda",
    "Fast track",
    "Yes when the FDA has given fast track designation: a serious condition and an unmet need, with more frequent meetings and a rolling review.",
    FDA,
  ),
  // Clinical trials (the EU and US registry tables share these entries)
  entry(
    "clinicalTrials",
    "Trial ID",
    "The trial's number in its registry: an EU CT number or EudraCT number in the EU, an NCT number in the US.",
    REGISTRIES,
  ),
  entry("clinicalTrials", "Registry", "The registry the trial is recorded in.", REGISTRIES),
  entry("clinicalTrials", "Title", "The trial's title as registered.", REGISTRIES),
  entry(
    "clinicalTrials",
    "Phase",
    "The trial's phase, from Phase I (first in humans, safety) to Phase III (confirming benefit, usually what a licence rests on) and Phase IV (after licensing).",
    REGISTRIES,
  ),
  entry(
    "clinicalTrials",
    "Status",
    "Whether the trial is not yet recruiting, recruiting, active but not recruiting, completed, terminated, suspended or withdrawn.",
    REGISTRIES,
  ),
  entry("clinicalTrials", "Sponsor", "The organisation responsible for the trial.", REGISTRIES),
  entry(
    "clinicalTrials",
    "Enrolment",
    "The number of participants: planned while the trial recruits, actual once it has finished.",
    REGISTRIES,
  ),
  entry("clinicalTrials", "Start", "The date the trial started, or is planned to.", REGISTRIES),
  entry(
    "clinicalTrials",
    "Primary completion",
    "The date the last participant is (or was) assessed for the primary outcome: results usually follow within a year.",
    REGISTRIES,
  ),
  entry("clinicalTrials", "Countries", "The countries with trial sites.", REGISTRIES),
  // Related records (the six kinds share these entries)
  entry(
    "relatedRecords",
    "Record",
    "Another record related to this one: the same substance in other or similar indications, joint or multiple marketing authorisation applications, head-to-head trials, or competitors in the same indication. Records not yet published are named but not linked.",
    ANALYSTS,
  ),
  // Analysis
  entry(
    "analysis",
    "Summary",
    "Our assessment of the technology in a paragraph: what it is, the evidence so far and what to watch for.",
    ANALYSTS,
  ),
  entry(
    "analysis",
    "Expected impact",
    "What the technology could change for patients and for health services: outcomes, pathways, workforce and costs.",
    ANALYSTS,
  ),
  entry(
    "analysis",
    "Price tier",
    "Our estimate of where the price will fall: low, medium, high or very high.",
    `${ANALYSTS} From list prices of comparable products and announced prices in other markets.`,
  ),
  entry(
    "analysis",
    "Estimated cost",
    "Our estimate of the cost of treatment, per patient per year, per course of treatment or as a one-off treatment.",
    `${ANALYSTS} From announced prices, the dosing and the prices of comparators.`,
  ),
  // High Impact Reports
  entry(
    "highImpactReports",
    "Title",
    "The title of a High Impact Report (HIR) that covers this technology: an in-depth report on a technology likely to have a large impact.",
    "Our analysts' High Impact Reports, downloadable as PDF from the HIR page.",
  ),
  entry(
    "highImpactReports",
    "Published",
    "The date the High Impact Report was published.",
    "Our analysts' High Impact Reports.",
  ),
  entry(
    "highImpactReports",
    "Report ID",
    "The High Impact Report's identifier, to quote when asking us about it.",
    "Our analysts' High Impact Reports.",
  ),
  // References
  entry(
    "references",
    "Reference",
    "A source the record draws on, linked where it is online.",
    `${ANALYSTS} Each reference names its own source.`,
  ),
  entry(
    "references",
    "Source",
    "Where the reference comes from: a regulator, a registry, a journal or the company.",
    ANALYSTS,
  ),
  entry("references", "Date", "The date of the reference's publication.", ANALYSTS),
  // Record change log
  entry("recordChangeLog", "Date", "When the change was published.", SYSTEM),
  entry("recordChangeLog", "Section", "The section of the record that changed.", SYSTEM),
  entry("recordChangeLog", "Field", "The field that changed.", SYSTEM),
  entry(
    "recordChangeLog",
    "Before",
    "The field's value before the change; *(none)* when it was empty.",
    SYSTEM,
  ),
  entry(
    "recordChangeLog",
    "After",
    "The field's value after the change; *(none)* when it was emptied.",
    SYSTEM,
  ),
];
