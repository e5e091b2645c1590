import type { ImagingFields } from "~/lib/imaging-query";
import { mulberry32 } from "~/records/generate";

/**
 * The demo store's imaging and diagnostics entries: contrast agents,
 * radiopharmaceuticals and diagnostic tests, each with an EMA procedure's events so far.
 * Deterministic as the record catalogue is: entry `index` depends only on (index, today).
 * The EMA codes are made up (EMEA/H/C/ and 6 digits), as the demo's records are.
 */

export interface DemoImagingEntry extends ImagingFields {
  archived: boolean;
  /** Events by name (the EMA procedure milestones the migration seeds) and date. */
  events: Array<{ name: string; date: string }>;
}

const MRI = "MRI contrast agent";
const CT = "CT and X-ray contrast agent";
const US = "Ultrasound contrast agent";
const PET = "PET radiopharmaceutical";
const SPECT = "SPECT radiopharmaceutical";
const OPTICAL = "Optical imaging agent";
const TEST = "In vivo diagnostic test";
const CDX = "Companion diagnostic";

/** [category, chemical name, trade name, indication statement] */
const PRODUCTS: Array<[string, string, string, string]> = [
  [
    MRI,
    "gadopiclenol",
    "Elucirem",
    "MRI of the central nervous system and the body in adults and children aged 2 years and over, to detect and visualise lesions with abnormal vascularity.",
  ],
  [
    MRI,
    "gadoquatrane",
    "Gadoquatrane Bayer",
    "Contrast-enhanced MRI of all body regions at a lower gadolinium dose, in adults and children including term neonates.",
  ],
  [
    MRI,
    "gadobutrol",
    "Gadovist 1.0",
    "Contrast enhancement in cranial and spinal MRI, breast MRI and MR angiography, extended to term neonates.",
  ],
  [
    MRI,
    "gadoterate meglumine",
    "Clariscan",
    "MRI of cerebral, spinal and whole-body lesions with disruption of the blood-brain barrier or abnormal vascularity.",
  ],
  [
    MRI,
    "gadoxetate disodium",
    "Primovist",
    "Detection and characterisation of focal liver lesions on T1-weighted MRI, including in children.",
  ],
  [
    MRI,
    "gadobenate dimeglumine",
    "MultiHance",
    "MRI of the liver and the central nervous system, and MR angiography of the abdominal and peripheral arteries.",
  ],
  [
    MRI,
    "gadoteridol",
    "ProHance",
    "Contrast-enhanced MRI of the brain, spine and surrounding tissues in adults and children.",
  ],
  [
    MRI,
    "ferumoxytol",
    "Feraheme MR",
    "Off-label MR angiography in patients with severe renal impairment in whom gadolinium agents are not advised.",
  ],
  [
    MRI,
    "manganese chloride tetrahydrate",
    "Orviglance",
    "Oral liver-specific MRI contrast for focal liver lesions in patients for whom gadolinium is not suitable.",
  ],
  [
    CT,
    "iohexol",
    "Omnipaque 350",
    "Intravascular contrast for CT, angiography and urography, and oral contrast for gastrointestinal CT in children.",
  ],
  [
    CT,
    "iodixanol",
    "Visipaque 320",
    "Isosmolar contrast for coronary angiography and contrast-enhanced CT in patients at risk of contrast-induced nephropathy.",
  ],
  [
    CT,
    "iopromide",
    "Ultravist",
    "Contrast-enhanced mammography and CT of the head and body in adults.",
  ],
  [
    CT,
    "iomeprol",
    "Iomeron 400",
    "Contrast-enhanced CT, angiography and intra-arterial digital subtraction angiography.",
  ],
  [
    CT,
    "iopamidol",
    "Scanlux",
    "Neuroradiology, angiography and contrast-enhanced CT in adults and children.",
  ],
  [
    CT,
    "iobitridol",
    "Xenetix 350",
    "CT of the head and body, intravenous urography and angiography.",
  ],
  [
    CT,
    "ioversol",
    "Optiray 320",
    "Cardiac and peripheral angiography and contrast-enhanced CT in adults and children.",
  ],
  [
    US,
    "sulphur hexafluoride microbubbles",
    "SonoVue",
    "Echocardiography, Doppler of macro- and microvasculature, and ultrasound of the liver, breast and urinary tract in children.",
  ],
  [
    US,
    "perflubutane microspheres",
    "Sonazoid",
    "Contrast-enhanced ultrasound for the detection and characterisation of focal liver lesions.",
  ],
  [
    US,
    "perflutren lipid microspheres",
    "Luminity",
    "Opacification of the left ventricle and delineation of the endocardial border in echocardiography.",
  ],
  [
    PET,
    "florbetapir (18F)",
    "Amyvid",
    "PET imaging of β-amyloid neuritic plaque density in adults with cognitive impairment being evaluated for Alzheimer's disease.",
  ],
  [
    PET,
    "florbetaben (18F)",
    "Neuraceq",
    "PET imaging of β-amyloid plaque density, including to select and monitor patients for anti-amyloid treatment.",
  ],
  [
    PET,
    "flutemetamol (18F)",
    "Vizamyl",
    "PET imaging of β-amyloid neuritic plaque density in the brains of adults with cognitive impairment.",
  ],
  [
    PET,
    "flortaucipir (18F)",
    "Tauvid",
    "PET estimation of the density and distribution of aggregated tau neurofibrillary tangles in adults with cognitive impairment.",
  ],
  [
    PET,
    "MK-6240 (18F)",
    "Florquinitau",
    "PET imaging of tau pathology in adults evaluated for Alzheimer's disease and for anti-tau treatment trials.",
  ],
  [
    PET,
    "piflufolastat (18F)",
    "Pylclari",
    "PET of prostate-specific membrane antigen-positive lesions in men with prostate cancer, at staging or suspected recurrence.",
  ],
  [
    PET,
    "flotufolastat (18F)",
    "Posluma",
    "PET of PSMA-positive lesions in men with prostate cancer with suspected metastasis or biochemical recurrence.",
  ],
  [
    PET,
    "gallium (68Ga) gozetotide",
    "Locametz",
    "PET of PSMA-positive lesions, and selection of adults with metastatic castration-resistant prostate cancer for PSMA-targeted radioligand therapy.",
  ],
  [
    PET,
    "gallium (68Ga) edotreotide",
    "SomaKit TOC",
    "PET localisation of somatostatin receptor-positive gastroenteropancreatic neuroendocrine tumours.",
  ],
  [
    PET,
    "copper (64Cu) dotatate",
    "Detectnet",
    "PET localisation of somatostatin receptor-positive neuroendocrine tumours in adults.",
  ],
  [
    PET,
    "fluciclovine (18F)",
    "Axumin",
    "PET in men with suspected prostate cancer recurrence after primary curative treatment.",
  ],
  [
    PET,
    "fluoroestradiol (18F)",
    "EstroTep",
    "PET detection of oestrogen receptor-positive lesions as an adjunct to biopsy in recurrent or metastatic breast cancer.",
  ],
  [
    PET,
    "flurpiridaz (18F)",
    "Flyrcado",
    "PET myocardial perfusion imaging at rest and under stress in adults with known or suspected coronary artery disease.",
  ],
  [
    PET,
    "fluorodopa (18F)",
    "IASOdopa",
    "PET of dopaminergic nerve terminals in parkinsonian syndromes, and of neuroendocrine tumours.",
  ],
  [
    PET,
    "zirconium (89Zr) girentuximab",
    "Zircaix",
    "PET characterisation of indeterminate renal masses as clear cell renal cell carcinoma.",
  ],
  [
    PET,
    "gallium (68Ga) FAPI-46",
    "FAPI-46 Sofie",
    "PET of fibroblast activation protein expression in pancreatic ductal adenocarcinoma and other solid tumours.",
  ],
  [
    PET,
    "fluorine (18F) rhPSMA-7.3",
    "rhPSMA Blue Earth",
    "PET staging of newly diagnosed high-risk prostate cancer before radical prostatectomy.",
  ],
  [
    PET,
    "fluorodeoxyglucose (18F)",
    "Glucotep",
    "PET in oncology, cardiology and neurology where increased glucose uptake is sought, now including paediatric epilepsy.",
  ],
  [
    SPECT,
    "ioflupane (123I)",
    "DaTSCAN",
    "SPECT detection of loss of striatal dopaminergic neurons in suspected parkinsonian syndromes and dementia with Lewy bodies.",
  ],
  [
    SPECT,
    "technetium (99mTc) tilmanocept",
    "Lymphoseek",
    "Imaging and intraoperative detection of sentinel lymph nodes draining a primary tumour.",
  ],
  [
    SPECT,
    "technetium (99mTc) maraciclatide",
    "Maraciclatide GE",
    "SPECT imaging of αvβ3 integrin in superficial peritoneal endometriosis, avoiding diagnostic laparoscopy.",
  ],
  [
    SPECT,
    "iobenguane (123I)",
    "AdreView",
    "Scintigraphy of phaeochromocytoma and neuroblastoma, and assessment of cardiac sympathetic innervation in heart failure.",
  ],
  [
    SPECT,
    "technetium (99mTc) exametazime",
    "Drax Exametazime",
    "Cerebral perfusion scintigraphy and leucocyte labelling for imaging of infection and inflammation.",
  ],
  [
    SPECT,
    "indium (111In) pentetreotide",
    "Octreoscan",
    "Scintigraphic localisation of neuroendocrine tumours bearing somatostatin receptors.",
  ],
  [
    SPECT,
    "technetium (99mTc) sestamibi",
    "Cardiolite",
    "Myocardial perfusion imaging, breast imaging and localisation of hyperfunctioning parathyroid tissue.",
  ],
  [
    OPTICAL,
    "pafolacianine",
    "Cytalux",
    "Fluorescence imaging of malignant lesions in the lung and in ovarian cancer during surgery, as an adjunct to white light.",
  ],
  [
    OPTICAL,
    "pegulicianine",
    "Lumisight",
    "Fluorescence imaging of cancerous tissue in the lumpectomy cavity during breast-conserving surgery.",
  ],
  [
    OPTICAL,
    "hexaminolevulinate",
    "Hexvix",
    "Blue-light cystoscopy as an adjunct to white-light cystoscopy in the diagnosis and follow-up of bladder cancer.",
  ],
  [
    OPTICAL,
    "5-aminolevulinic acid",
    "Gliolan",
    "Visualisation of malignant tissue during surgery for high-grade glioma, extended to children.",
  ],
  [
    OPTICAL,
    "indocyanine green",
    "Verdye",
    "Near-infrared imaging of perfusion, biliary anatomy and sentinel lymph nodes during surgery.",
  ],
  [
    TEST,
    "regadenoson",
    "Rapiscan",
    "Pharmacological stress agent for myocardial perfusion imaging in adults unable to undergo adequate exercise stress.",
  ],
  [
    TEST,
    "macimorelin",
    "Macimorelin Aeterna",
    "Oral test for the diagnosis of adult growth hormone deficiency, extended to children and adolescents.",
  ],
  [
    TEST,
    "13C-urea",
    "Helicobacter Test INFAI",
    "Breath test for the diagnosis of Helicobacter pylori infection in adults and adolescents.",
  ],
  [
    TEST,
    "thyrotropin alfa",
    "Thyrogen",
    "Serum thyroglobulin testing and radioiodine imaging in the follow-up of differentiated thyroid cancer.",
  ],
  [
    TEST,
    "mannitol inhalation powder",
    "Aridol",
    "Bronchial challenge test to assess bronchial hyperresponsiveness in people with suspected asthma.",
  ],
  [
    TEST,
    "tuberculosis antigens rdESAT-6 and rCFP-10",
    "Cy-Tb",
    "Skin test for the diagnosis of Mycobacterium tuberculosis infection, including latent infection.",
  ],
  [
    TEST,
    "secretin (human, synthetic)",
    "ChiRhoStim",
    "Stimulation of pancreatic secretions to aid MRCP and the diagnosis of exocrine pancreatic dysfunction.",
  ],
  [
    CDX,
    "PD-L1 immunohistochemistry assay (22C3)",
    "PD-L1 IHC 22C3 pharmDx",
    "Identification of patients with PD-L1-expressing tumours for treatment with pembrolizumab (consultation on a companion diagnostic).",
  ],
  [
    CDX,
    "HER2 immunohistochemistry assay (4B5)",
    "PATHWAY anti-HER2/neu (4B5)",
    "Identification of patients with HER2-low metastatic breast cancer for trastuzumab deruxtecan.",
  ],
  [
    CDX,
    "next-generation sequencing tumour profiling test",
    "FoundationOne CDx",
    "Detection of genomic alterations in solid tumours to select patients for targeted medicines.",
  ],
  [
    CDX,
    "claudin 18.2 immunohistochemistry assay",
    "VENTANA CLDN18 (43-14A)",
    "Identification of patients with CLDN18.2-positive gastric or gastro-oesophageal junction adenocarcinoma for zolbetuximab.",
  ],
];

/** The EMA procedure's milestones in order, and how many days each comes after the one before. */
const PROCEDURE: Array<[string, number, number]> = [
  ["Pre-submission meeting", 0, 0],
  ["Submission", 120, 240],
  ["Validation", 14, 30],
  ["Start of procedure", 5, 15],
  ["Day 120 list of questions", 119, 121],
  ["Clock stop", 1, 1],
  ["Restart of the clock", 60, 180],
  ["Day 180 list of outstanding issues", 59, 61],
  ["CHMP opinion", 30, 90],
  ["EC decision", 60, 67],
];

const DAY = 86_400_000;
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Entries whose application was withdrawn: they are archived. */
const withdrawn = (index: number) => index % 13 === 5;

export function demoImagingEntry(index: number, today: string): DemoImagingEntry {
  const [category, chemicalName, tradeName, indicationStatement] = PRODUCTS[index];
  const rng = mulberry32(Math.imul(index + 1, 2654435761) ^ 0x1d17);
  const end = Date.parse(`${today}T00:00:00Z`);
  // The procedure started between about 4 months and 4 years ago; the events so far are listed.
  let at = end - (120 + Math.floor(rng() * 1300)) * DAY;
  const events: DemoImagingEntry["events"] = [];
  const skipMeeting = rng() < 0.4;
  for (const [name, min, max] of PROCEDURE) {
    at += (min + Math.floor(rng() * (max - min + 1))) * DAY;
    if (at > end) break;
    if (name === "Pre-submission meeting" && skipMeeting) continue;
    events.push({ name, date: toDate(at) });
    // Some procedures wait on the day 120 questions: nothing after them yet.
    if (name === "Day 120 list of questions" && rng() < 0.2) break;
  }
  const archived = withdrawn(index);
  if (archived) {
    const last = events.length ? Date.parse(`${events[events.length - 1].date}T00:00:00Z`) : end;
    events.push({
      name: "Withdrawal of application",
      date: toDate(Math.min(end, last + 21 * DAY)),
    });
  }
  // Companion diagnostics are CE-marked under the IVD regulation: the EMA is consulted, with no product number.
  const emaCode =
    category === CDX ? "" : `EMEA/H/C/${String(4000 + ((index * 137) % 2000)).padStart(6, "0")}`;
  return { category, emaCode, chemicalName, tradeName, indicationStatement, archived, events };
}

export const DEMO_IMAGING_COUNT = PRODUCTS.length;

export function demoImagingEntries(today: string) {
  return Array.from({ length: DEMO_IMAGING_COUNT }, (_, index) => demoImagingEntry(index, today));
}
