import { gql } from './graphql';

export interface Lab {
  id: string;
  module_id: string;
  lesson_number: number;
  title: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  objective: string;
  solved: boolean;
  solved_at: string | null;
  solved_with_writeup: boolean;
  hint_count: number;
  hints: string[];
  writeup_html: string | null;
}

const LAB_FIELDS =
  'id module_id lesson_number title difficulty objective solved solved_at solved_with_writeup hint_count hints writeup_html';

export async function fetchLabs(): Promise<Lab[]> {
  return (await gql<{ labs: Lab[] }>('GetLabs', `query GetLabs { labs { ${LAB_FIELDS} } }`)).labs;
}

export async function startLab(labId: string): Promise<{ url: string; expires_at: string }> {
  const data = await gql<{ startLab: { url: string; expires_at: string } }>(
    'StartLab',
    'mutation StartLab($lab: String!) { startLab(lab_id: $lab) { url expires_at } }',
    { lab: labId },
  );
  return data.startLab;
}

export async function submitLabFlag(
  labId: string,
  flag: string,
): Promise<{ solved: boolean; solved_at: string | null }> {
  const data = await gql<{ submitLabFlag: { solved: boolean; solved_at: string | null } }>(
    'SubmitLabFlag',
    'mutation SubmitLabFlag($lab: String!, $flag: String!) { submitLabFlag(lab_id: $lab, flag: $flag) { solved solved_at } }',
    { lab: labId, flag },
  );
  return data.submitLabFlag;
}

export async function revealLabHint(labId: string): Promise<Lab> {
  const data = await gql<{ revealLabHint: Lab }>(
    'RevealLabHint',
    `mutation RevealLabHint($lab: String!) { revealLabHint(lab_id: $lab) { ${LAB_FIELDS} } }`,
    { lab: labId },
  );
  return data.revealLabHint;
}

export async function openLabWriteup(labId: string): Promise<Lab> {
  const data = await gql<{ openLabWriteup: Lab }>(
    'OpenLabWriteup',
    `mutation OpenLabWriteup($lab: String!) { openLabWriteup(lab_id: $lab) { ${LAB_FIELDS} } }`,
    { lab: labId },
  );
  return data.openLabWriteup;
}

/** Labs solved and in all, for one module. */
export function labCount(labs: readonly Lab[], moduleId: string): { solved: number; total: number } {
  const ofModule = labs.filter((lab) => lab.module_id === moduleId);
  return { solved: ofModule.filter((lab) => lab.solved).length, total: ofModule.length };
}
