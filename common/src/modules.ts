/** The seven course modules, in catalogue order (product-decisions §3). */
export const MODULE_IDS = [
  'wifi-hacking',
  'hacking-through-mobile',
  'mobile-hacking',
  'web-application',
  'network-penetration',
  'social-engineering',
  'cryptography',
] as const;

export type ModuleId = (typeof MODULE_IDS)[number];

export const MODULE_COUNT = MODULE_IDS.length;

export function isModuleId(value: string): value is ModuleId {
  return (MODULE_IDS as readonly string[]).includes(value);
}

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Full display names, as printed on certificates. */
export const MODULE_DISPLAY_NAMES: Record<ModuleId, string> = {
  'wifi-hacking': 'WiFi Hacking',
  'hacking-through-mobile': 'Hacking Through Mobile Devices',
  'mobile-hacking': 'Mobile Hacking',
  'web-application': 'Web Application Security',
  'network-penetration': 'Network Penetration Testing',
  'social-engineering': 'Social Engineering',
  cryptography: 'Cryptography & Encryption',
};

export const COURSE_NAME = 'Ethical Hacking & Cybersecurity';
