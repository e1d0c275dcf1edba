// SSVC decision points and outcome groups (../shared/reference/ssvc.md §2, CERTCC/SSVC data/json). Values are
// ordered low → high as in the published JSON (Report Public keeps the JSON's Y-then-N order).

export interface SsvcValue {
  key: string;
  name: string;
  definition: string;
}

export interface SsvcDecisionPoint {
  namespace: string;
  key: string;
  version: string;
  name: string;
  definition: string;
  values: readonly SsvcValue[];
  /** Other spellings of the name accepted as an input key (compared case- and punctuation-insensitively). */
  aliases?: readonly string[];
}

const v = (key: string, name: string, definition: string): SsvcValue => ({ key, name, definition });
const no = v('N', 'No', 'No.');
const yes = v('Y', 'Yes', 'Yes.');

const points = [
  {
    namespace: 'ssvc',
    key: 'E',
    version: '1.1.0',
    name: 'Exploitation',
    definition: 'The present state of exploitation of the vulnerability.',
    values: [
      v(
        'N',
        'None',
        'There is no evidence of active exploitation and no public proof of concept (PoC) of how to exploit the vulnerability.',
      ),
      v(
        'P',
        'Public PoC',
        'One of the following is true: (1) Typical public PoC exists in sources such as Metasploit or websites like ExploitDB; or (2) the vulnerability has a well-known method of exploitation.',
      ),
      v(
        'A',
        'Active',
        'Shared, observable, reliable evidence that the exploit is being used in the wild by real attackers; there is credible public reporting.',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'A',
    version: '2.0.0',
    name: 'Automatable',
    definition:
      'Can an attacker reliably automate creating exploitation events for this vulnerability (steps 1-4 of the kill chain: reconnaissance, weaponization, delivery, exploitation)?',
    values: [
      v('N', 'No', 'Attackers cannot reliably automate steps 1-4 of the kill chain for this vulnerability.'),
      v(
        'Y',
        'Yes',
        'Attackers can reliably automate steps 1-4 of the kill chain (unauthenticated remote code execution or command injection usually are).',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'TI',
    version: '1.0.0',
    name: 'Technical Impact',
    definition: 'The technical impact of the vulnerability.',
    values: [
      v(
        'P',
        'Partial',
        'The exploit gives the adversary limited control over, or information exposure about, the behavior of the software that contains the vulnerability. Or the exploit gives the adversary an importantly low stochastic opportunity for total control.',
      ),
      v(
        'T',
        'Total',
        'The exploit gives the adversary total control over the behavior of the software, or it gives total disclosure of all information on the system that contains the vulnerability.',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'VD',
    version: '1.0.0',
    name: 'Value Density',
    definition:
      'The concentration of value in the target: the resources an adversary gains with a single exploitation.',
    values: [
      v(
        'D',
        'Diffuse',
        'The system that contains the vulnerable component has limited resources (a typical user device).',
      ),
      v(
        'C',
        'Concentrated',
        'The system that contains the vulnerable component is rich in resources (servers run by system operators).',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'U',
    version: '1.0.1',
    name: 'Utility',
    definition: 'The usefulness of the exploit to the adversary (Automatable × Value Density).',
    values: [
      v('L', 'Laborious', 'Automatable: No and Value Density: Diffuse.'),
      v(
        'E',
        'Efficient',
        '(Automatable: Yes and Value Density: Diffuse) or (Automatable: No and Value Density: Concentrated).',
      ),
      v('S', 'Super Effective', 'Automatable: Yes and Value Density: Concentrated.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'SI',
    version: '2.0.1',
    name: 'Safety Impact',
    definition: 'The safety impact of the vulnerability (IEC 61508 style).',
    values: [
      v(
        'N',
        'Negligible',
        'Minor injuries at worst; no noticeable effect on operators, systems or the environment.',
      ),
      v(
        'M',
        'Marginal',
        'Major injuries possible; significant but recoverable effects on operators or systems.',
      ),
      v(
        'R',
        'Critical',
        'Loss of life possible; severe effects on operators, systems, the environment or finances.',
      ),
      v(
        'C',
        'Catastrophic',
        'Multiple loss of life possible; catastrophic effects on systems, environment or finances.',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'PSI',
    version: '2.0.1',
    name: 'Public Safety Impact',
    definition: 'A coarse-grained representation of impact to public safety.',
    values: [
      v('M', 'Minimal', 'Safety Impact: Negligible.'),
      v('S', 'Significant', 'Safety Impact: Marginal, Critical or Catastrophic.'),
    ],
    aliases: ['Public-Safety Impact'],
  },
  {
    namespace: 'ssvc',
    key: 'MI',
    version: '2.0.0',
    name: 'Mission Impact',
    definition: "Impact on the organisation's mission essential functions (MEF).",
    values: [
      v('D', 'Degraded', 'Little to no impact up to degradation of non-essential functions.'),
      v('MSC', 'MEF Support Crippled', 'Activities that directly support essential functions are crippled.'),
      v(
        'MEF',
        'MEF Failure',
        'Any one mission essential function fails for a period of time longer than acceptable.',
      ),
      v('MF', 'Mission Failure', 'Multiple or all mission essential functions fail.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'HI',
    version: '2.0.2',
    name: 'Human Impact',
    definition: 'Combined Safety Impact and Mission Impact.',
    values: [
      v('L', 'Low', 'Low combined safety and mission impact.'),
      v('M', 'Medium', 'Medium combined safety and mission impact.'),
      v('H', 'High', 'High combined safety and mission impact.'),
      v('VH', 'Very High', 'Very high combined safety and mission impact.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'EXP',
    version: '1.0.1',
    name: 'System Exposure',
    definition: 'The accessible attack surface of the affected system or service.',
    values: [
      v('S', 'Small', 'Local service or program; highly controlled network.'),
      v(
        'C',
        'Controlled',
        'Networked service with some access restrictions or mitigations that reliably interrupt attacks (also short exploit chains).',
      ),
      v(
        'O',
        'Open',
        'Internet or another widely accessible network where access cannot plausibly be restricted (DNS, web, mail servers).',
      ),
    ],
    aliases: ['Exposure'],
  },
  {
    namespace: 'cisa',
    key: 'MP',
    version: '1.0.0',
    name: 'Mission Prevalence',
    definition: 'Prevalence of the mission essential functions (MEF) the vulnerable component supports.',
    values: [
      v('M', 'Minimal', 'Neither Support nor Essential.'),
      v('S', 'Support', 'The component only supports MEFs for two or more entities.'),
      v('E', 'Essential', 'The component directly provides at least one MEF for at least one entity.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'PWI',
    version: '1.1.0',
    name: 'Public Well-Being Impact',
    definition: 'The impact of exploitation on the well-being of the public.',
    values: [
      v('M', 'Minimal', 'The effect is below the threshold for all aspects described in Material.'),
      v(
        'MA',
        'Material',
        'Physical distress or injury, occupational hazards, reduced cyber-physical safety margins, major externalities, bankruptcies, widespread psychological harm.',
      ),
      v(
        'I',
        'Irreversible',
        'Likely multiple fatalities or loss of the cyber-physical system, extreme externalities, collapse of social systems (elections, financial grid).',
      ),
    ],
    aliases: ['Public Well-being', 'Well-being Impact'],
  },
  {
    namespace: 'ssvc',
    key: 'MWI',
    version: '1.0.0',
    name: 'Mission and Well-Being Impact',
    definition: 'Combined Mission Prevalence and Public Well-Being Impact.',
    values: [
      v('L', 'Low', 'Low combined mission prevalence and public well-being impact.'),
      v('M', 'Medium', 'Medium combined mission prevalence and public well-being impact.'),
      v('H', 'High', 'High combined mission prevalence and public well-being impact.'),
    ],
    aliases: ['M&W', 'Mission & Well-being', 'Mission and Well-being'],
  },
  {
    namespace: 'ssvc',
    key: 'SINV',
    version: '1.0.0',
    name: 'Supplier Involvement',
    definition: "The state of the supplier or suppliers' work on a fix.",
    values: [
      v('FR', 'Fix Ready', 'The supplier has provided a patch or fix.'),
      v(
        'C',
        'Cooperative',
        'The supplier is actively generating a patch or fix; they may or may not have provided a mitigation.',
      ),
      v(
        'UU',
        'Uncooperative/Unresponsive',
        'The supplier has not responded, declined to generate a remediation, or no longer exists.',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'PVA',
    version: '1.0.0',
    name: 'Public Value Added',
    definition: "How much the coordinator's publication would add to what is already public.",
    values: [
      v('L', 'Limited', 'Minimal value added: good information is already public in several places.'),
      v('A', 'Ampliative', 'Amplifies or corrects existing public information.'),
      v('P', 'Precedence', 'Would be the first (or simultaneous with the first) public information.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'RP',
    version: '1.0.0',
    name: 'Report Public',
    definition: 'Is a viable report of the details of the vulnerability already publicly available?',
    values: [
      v('Y', 'Yes', 'A public report of the vulnerability exists.'),
      v('N', 'No', 'No public report of the vulnerability exists.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'SCON',
    version: '1.0.0',
    name: 'Supplier Contacted',
    definition:
      'Has the reporter made a good-faith effort to contact the supplier through a quality contact method?',
    values: [
      v('N', 'No', 'The supplier has not been contacted.'),
      v('Y', 'Yes', 'The supplier has been contacted.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'RC',
    version: '1.0.0',
    name: 'Report Credibility',
    definition: "The analyst's judgement of whether the report is credible.",
    values: [
      v('NC', 'Not Credible', 'The report is not credible.'),
      v('C', 'Credible', 'The report is credible.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'SC',
    version: '1.0.0',
    name: 'Supplier Cardinality',
    definition: 'How many suppliers are responsible for the vulnerable component and its remediation?',
    values: [
      v('O', 'One', 'One supplier is responsible.'),
      v('M', 'Multiple', 'Multiple suppliers are responsible.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'SE',
    version: '1.0.0',
    name: 'Supplier Engagement',
    definition: 'Are the suppliers responding to the reporter and participating in coordination?',
    values: [
      v('A', 'Active', 'The suppliers are responsive and participating.'),
      v('U', 'Unresponsive', 'The suppliers are not responding or not participating.'),
    ],
  },
  {
    namespace: 'cisa',
    key: 'KEV',
    version: '1.0.0',
    name: 'In KEV',
    definition: "Is the vulnerability listed in CISA's Known Exploited Vulnerabilities catalog?",
    values: [no, yes],
  },
  {
    namespace: 'cisa',
    key: 'PE',
    version: '1.0.0',
    name: 'Publicly Exposed',
    definition: 'Is the asset reachable by unauthenticated or untrusted entities over public networks?',
    values: [no, yes],
  },
  // Outcome groups.
  {
    namespace: 'ssvc',
    key: 'DSOI',
    version: '1.0.0',
    name: 'Defer, Scheduled, Out-of-Cycle, Immediate',
    definition: 'Supplier patch-development or deployer patch-application priority.',
    values: [
      v('D', 'Defer', 'Do not act at present.'),
      v('S', 'Scheduled', 'Act during regularly scheduled maintenance time.'),
      v('O', 'Out-of-Cycle', 'Act more quickly than usual, outside the normal schedule.'),
      v('I', 'Immediate', 'Act immediately; focus all resources on it.'),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'COORDINATE',
    version: '1.0.1',
    name: 'Decline, Track, Coordinate',
    definition: 'The coordinator triage decision.',
    values: [
      v('D', 'Decline', 'Do not act on the report.'),
      v('T', 'Track', 'Receive information and monitor the case; no overt action.'),
      v(
        'C',
        'Coordinate',
        'Take action: analysis, reproduction, vendor notification, lead or secondary coordination, publication.',
      ),
    ],
  },
  {
    namespace: 'ssvc',
    key: 'PUBLISH',
    version: '1.0.0',
    name: 'Publish, Do Not Publish',
    definition: "The coordinator's decision to publish its own advisory.",
    values: [v('N', 'Do Not Publish', 'Do not publish.'), v('P', 'Publish', 'Publish.')],
  },
  {
    namespace: 'cisa',
    key: 'CISA',
    version: '1.1.0',
    name: 'CISA Levels',
    definition: 'The CISA decision for a vulnerability.',
    values: [
      v('T', 'Track', 'No action required at this time; remediate within standard update timelines.'),
      v(
        'T*',
        'Track*',
        'Contains specific characteristics that may require closer monitoring for changes; remediate within standard update timelines.',
      ),
      v(
        'AT',
        'Attend',
        "Requires attention from the organisation's internal, supervisory-level individuals; may seek help or publish a notification; remediate sooner than standard timelines.",
      ),
      v(
        'AC',
        'Act',
        'Requires attention from supervisory and leadership levels, who meet and respond; remediate as soon as possible.',
      ),
    ],
  },
  {
    namespace: 'cisa',
    key: 'BOD2604',
    version: '1.0.0',
    name: 'BOD 26-04 Remediation Timeline',
    definition: 'Remediation deadlines of CISA Binding Operational Directive 26-04.',
    values: [
      v('FSU', 'Fix on system upgrade', 'Remediate at the next system upgrade.'),
      v('60D', '60 days', 'Remediate within 60 days.'),
      v('14D', '14 days', 'Remediate within 14 days.'),
      v('3D', '3 days', 'Remediate within 3 days.'),
      v(
        '3DF',
        '3 days & forensic investigation',
        'Remediate within 3 days and run a forensic investigation.',
      ),
    ],
  },
] as const satisfies readonly SsvcDecisionPoint[];

export type SsvcDecisionPointKey = (typeof points)[number]['key'];

/** Every decision point and outcome group, by key (keys are unique across the namespaces used here). */
export const SSVC_DECISION_POINTS = Object.fromEntries(
  points.map((p): [string, SsvcDecisionPoint] => [p.key, p]),
) as Record<SsvcDecisionPointKey, SsvcDecisionPoint>;
