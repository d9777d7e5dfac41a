import law from '../../../../../data/law/ohio-limits.json'

// Ohio's purchase limits as the Limits screen states them. Every legal figure
// the calculator counts with is in data/law/ohio-limits.json, each with the
// rule that sets it (LAW); the prose below is what the Limits page says around
// the figures, each fact with its source tag (public reporting compiled in 2026,
// and the rules themselves where we read them).

/** LAW is data/law/ohio-limits.json: the figures, their rules, the Revised Code chapter and its as-of date. */
export const LAW = law

/** Source is a cited page. */
export type Source = { tag: string; url: string; note?: string }

/** LIMITS_AS_OF says how current the figures are. */
export const LIMITS_AS_OF = `Figures as of ${law.asOf}, under ${law.statute.citation} as Senate Bill 56 (in effect March 20, 2026) left it.`

const adult = law.adultUse.perDay
const possession = law.adultUse.possession

/** MEDICAL_RULES are the medical program's 90-day allowances and how they are counted. */
export const MEDICAL_RULES = [
  {
    form: `Tier I plant material (tests at or below ${law.medical.tiers.tier1MaxThcPercent}% THC)`,
    limit: `8 ounces reported; ${law.medical.forms.tier1.dayUnit} g is one day`,
    sources: ['VERILIFE', 'BOP-90DAY', 'OAC-3796:8-1-01', 'OAC-3796:8-2-04'],
  },
  {
    form: `Tier II plant material (above ${law.medical.tiers.tier1MaxThcPercent}% and up to ${law.medical.tiers.tier2MaxThcPercent}% THC)`,
    limit: `${law.medical.forms.tier2.ninetyDays} ounces`,
    sources: ['VERILIFE', 'BOP-90DAY', 'OAC-3796:8-1-01'],
  },
  {
    form: 'Patches, lotions, creams and other topicals',
    limit: `${law.medical.forms.topical.ninetyDays} g of THC`,
    sources: ['VERILIFE', 'BOP-90DAY'],
  },
  { form: 'Oils, tinctures, capsules and edibles', limit: `${law.medical.forms.oral.ninetyDays} g of THC`, sources: ['VERILIFE', 'BOP-90DAY'] },
  { form: 'Oil for vaporization', limit: `${law.medical.forms.vape.ninetyDays} g of THC`, sources: ['VERILIFE', 'BOP-90DAY'] },
] as const

/** MEDICAL_NOTES are the rules around the allowances. */
export const MEDICAL_NOTES = [
  {
    text: 'A patient and their caregivers share one allowance. Forms can be mixed, but together they must not exceed one 90-day supply.',
    sources: ['VERILIFE'],
  },
  {
    text: 'The smallest purchase is one whole “day unit”; for plant material one day is a tenth of an ounce, 2.83 g (OAC 3796:8-2-04(A)(1)).',
    sources: ['OPN', 'DISPATCH-2019'],
  },
  {
    text: 'Since April 17, 2020 each 90-day recommendation is split into two 45-day fill periods: up to a full 45-day amount in each, nothing extra until the next, and unused days do not roll over.',
    sources: ['TERRASANA-FAQ'],
  },
  { text: 'Keep medical product in its original tamper-evident container; in a vehicle, sealed and out of reach while moving.', sources: ['BH-MED'] },
] as const

/** ADULT_RULES are the adult-use limits in force. */
export const ADULT_RULES = [
  { item: 'Who may buy', rule: '21 or older, with a valid government photo ID.', sources: ['WCPO-2024', 'CLE-98'] },
  {
    item: 'Possession',
    rule: `Up to ${possession.plantMaterial.amount} oz of plant material and up to ${possession.extract.amount} g of extract (vapes, concentrates; edibles counted as extract).`,
    sources: [possession.source, ...possession.amountsFrom],
  },
  {
    item: 'Buying',
    rule: `A store may sell one customer, per day, at most ${adult.plantMaterial.amount} oz of plant material and other products holding at most ${adult.totalThc.amount.toLocaleString('en-US')} mg of total THC in all: vapes, extracts and edibles count by their THC (1 g of vape at 70% is 700 mg), not by weight. Buying that much daily does not raise the possession limit.`,
    sources: [adult.totalThc.source, 'CLE-98'],
  },
  { item: 'THC caps (SB 56)', rule: 'Extracts at most 70% THC (down from 90%); flower at most 35%.', sources: ['CLEVESCENE-REF', 'RNB-SB56'] },
  {
    item: 'Where (SB 56)',
    rule: 'Using any adult-use product in a public place is unlawful (fine up to $150); private property with the owner’s permission is allowed. Open products ride in the trunk.',
    sources: ['SAVVY-SIGN', 'CST-SB56', 'PARTICLE-SIGN'],
  },
  {
    item: 'Bought elsewhere (SB 56)',
    rule: 'Cannabis bought outside Ohio may not be possessed in Ohio.',
    sources: ['SAVVY-SIGN', 'RNB-SB56', 'NORML-2026'],
  },
] as const

/** UNCERTAIN lists what the sources leave open; the screen says so beside the figures. */
export const UNCERTAIN = [
  {
    text: `The possession limits are set by division (B) of ORC 3796.221, which we could not read; the ${possession.plantMaterial.amount} oz / ${possession.extract.amount} g shown are Issue 2's limits as reported, and no coverage of SB 56 found mentions a change to them.`,
    sources: [possession.source, 'TICKER-2023'],
  },
  {
    text: 'How the final SB 56 treats medical-only limits is not confirmed (the Senate version folded the two programs together).',
    sources: ['WYSO-2025'],
  },
  {
    text: 'A referendum to repeal SB 56 was certified for signature gathering; whether it reached the ballot or put the law on hold is not known to us.',
    sources: ['NORML-2026', 'CLEVESCENE-REF', 'DISPATCH-REF'],
  },
  {
    text: 'The day unit of 2.83 g times 90 days is 9 oz, more than the 8 oz Tier I allowance reported: the calculator counts day units, so 2.83 g of Tier I is one day. We have read only paragraph (A)(1) of OAC 3796:8-2-04 (the day unit, quoted in full by OPN), not its ninety-day amounts; check them.',
    sources: ['OPN', 'VERILIFE', 'OAC-3796:8-2-04', 'BOP-90DAY'],
  },
  {
    text: 'Concentrates on the medical side are counted here against the vaporization-oil allowance, by THC; no source lists them separately.',
    sources: ['VERILIFE'],
  },
] as const

/** SOURCES are every source cited, by tag: the rules themselves (from the data file) first. */
export const SOURCES: Record<string, Source> = {
  ...Object.fromEntries(
    Object.entries(law.sources).map(([tag, s]) => [
      tag,
      {
        tag,
        url: s.url,
        note: `${s.citation}${s.read ? `, read ${s.read}` : ', not yet read in its own text'}${'readParts' in s ? ` (${s.readParts})` : ''}`,
      },
    ]),
  ),
  VERILIFE: { tag: 'VERILIFE', url: 'https://www.verilife.com/oh/disclaimers-legally-purchasing-medical-marijuana-ohio' },
  OPN: { tag: 'OPN', url: 'http://www.ohiopatientsnetwork.org/index.php/25-medical/121-the-90-day-medical-marijuana-supply-issue' },
  'DISPATCH-2019': { tag: 'DISPATCH-2019', url: 'http://www.pressreader.com/usa/the-columbus-dispatch/20190322/281831465074106' },
  'TERRASANA-FAQ': {
    tag: 'TERRASANA-FAQ',
    url: 'https://terrasanacannabisco.com/faq/ohio-medical-marijuana-program-information/how-does-the-dispensary-determine-my-supply-purchase/',
  },
  'BH-MED': { tag: 'BH-MED', url: 'https://beyond-hello.com/ohio-dispensaries/medical-cannabis-program/' },
  'WCPO-2024': { tag: 'WCPO-2024', url: 'https://wcpo.com/medical-marijuana-dispensary-given-green-light-to-sell-recreational-marijuana-near-me' },
  'CLE-98': {
    tag: 'CLE-98',
    url: 'https://sointulacottages.com/article/98-marijuana-dispensaries-cleared-to-open-for-recreational-sales-tuesday-here-s-where-they-re-located',
    note: 'copy of a cleveland.com article, Aug. 2024',
  },
  'DDN-AYR': {
    tag: 'DDN-AYR',
    url: 'https://www.daytondailynews.com/local/medical-marijuana-dispensary-opens-in-riverside/2SRNILWG5RFTZDXSMHBFE2PDKU/',
  },
  'TICKER-2023': { tag: 'TICKER-2023', url: 'https://ticker.tv/news/ohio-senate-committee-approves-changes-to-recreational-marijuana-bill/353532/' },
  'CLEVESCENE-REF': { tag: 'CLEVESCENE-REF', url: 'https://www.clevescene.com/?p=324432' },
  'RNB-SB56': { tag: 'RNB-SB56', url: 'https://rnbcincy.com/1507746/ohio-weed-laws' },
  'SAVVY-SIGN': { tag: 'SAVVY-SIGN', url: 'https://savvyherb.com/p/343921' },
  'CST-SB56': {
    tag: 'CST-SB56',
    url: 'https://www.cannabissciencetech.com/view/ohio-senate-bill-56-approved-and-heads-to-governor-mike-dewine-s-desk-to-be-signed-into-law',
  },
  'PARTICLE-SIGN': {
    tag: 'PARTICLE-SIGN',
    url: 'https://particle.news/story/dewine-says-he-will-sign-ohio-bill-to-curb-intoxicating-hemp-tighten-recreational-marijuana-rules',
  },
  'NORML-2026': {
    tag: 'NORML-2026',
    url: 'https://norml.org/news/2026/01/15/ohio-attorney-general-rejects-bid-to-challenge-marijuana-recriminalization-law',
  },
  'WYSO-2025': { tag: 'WYSO-2025', url: 'https://www.wyso.org/2025-02-26/ohio-senate-again-passes-bill-making-big-changes-to-cannabis-program' },
  'DISPATCH-REF': {
    tag: 'DISPATCH-REF',
    url: 'https://marijuanaconnectz.com/marijuana-advocates-move-to-block-new-ohio-law-from-going-into-effect-the-columbus-dispatch',
    note: 'copy of a Columbus Dispatch article',
  },
}

/** PRIMARY_TEXTS are the texts to check before relying on any figure. */
export const PRIMARY_TEXTS = `${law.statute.citation} (${law.statute.url}; ${law.statute.note}), ORC 3796.221 (adult-use possession), OAC 1301:18-8-08 (adult-use sales per day), OAC 3796:8-2-04 (90-day supply and day units), and the Division of Cannabis Control at com.ohio.gov.`
