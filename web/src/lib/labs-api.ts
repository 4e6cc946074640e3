import type { GetLabsQuery, LabFieldsFragment, StartLabMutation, SubmitLabFlagMutation } from '../gql/graphql';
import { queryOptions } from '@tanstack/react-query';
import { gql, graphql, graphqlRequest, withFragments } from './graphql';
import { askPageQuery, type TypedPageQuery } from './page-query';
import { queryKeys } from './query-keys';

/** A lab with the learner's progress; `hints` are those revealed so far, `writeup_html` once opened. */
export type Lab = LabFieldsFragment;

const LabFields = graphql(`
  fragment LabFields on Lab {
    id
    module_id
    lesson_number
    title
    difficulty
    objective
    solved
    solved_at
    solved_with_writeup
    hint_count
    hints
    writeup_html
  }
`);

const GetLabs = withFragments(
  graphql(`
    query GetLabs {
      labs {
        ...LabFields
      }
    }
  `),
  LabFields,
);

/** The course's labs with this learner's progress. */
export const labsPageQuery: TypedPageQuery<Lab[]> = {
  queryKey: queryKeys.labs,
  requests: [graphqlRequest(GetLabs)],
  data: ([data]) => (data as GetLabsQuery).labs,
};

/**
 * Asked again by each screen that opens (a lab is solved on the labs site, in another
 * tab), unless the answer is seconds old: the one a server-rendered page arrived with.
 */
export const labsQuery = queryOptions({
  queryKey: queryKeys.labs,
  queryFn: () => askPageQuery(labsPageQuery),
  staleTime: 10_000,
});

const StartLab = graphql(`
  mutation StartLab($lab: String!) {
    startLab(lab_id: $lab) {
      url
      expires_at
    }
  }
`);

export async function startLab(labId: string): Promise<StartLabMutation['startLab']> {
  return (await gql(StartLab, { lab: labId })).startLab;
}

const SubmitLabFlag = graphql(`
  mutation SubmitLabFlag($lab: String!, $flag: String!) {
    submitLabFlag(lab_id: $lab, flag: $flag) {
      solved
      solved_at
    }
  }
`);

export async function submitLabFlag(labId: string, flag: string): Promise<SubmitLabFlagMutation['submitLabFlag']> {
  return (await gql(SubmitLabFlag, { lab: labId, flag })).submitLabFlag;
}

const RevealLabHint = withFragments(
  graphql(`
    mutation RevealLabHint($lab: String!) {
      revealLabHint(lab_id: $lab) {
        ...LabFields
      }
    }
  `),
  LabFields,
);

export async function revealLabHint(labId: string): Promise<Lab> {
  return (await gql(RevealLabHint, { lab: labId })).revealLabHint;
}

const OpenLabWriteup = withFragments(
  graphql(`
    mutation OpenLabWriteup($lab: String!) {
      openLabWriteup(lab_id: $lab) {
        ...LabFields
      }
    }
  `),
  LabFields,
);

export async function openLabWriteup(labId: string): Promise<Lab> {
  return (await gql(OpenLabWriteup, { lab: labId })).openLabWriteup;
}

/** Labs solved and in all, for one module. */
export function labCount(labs: readonly Lab[], moduleId: string): { solved: number; total: number } {
  const ofModule = labs.filter((lab) => lab.module_id === moduleId);
  return { solved: ofModule.filter((lab) => lab.solved).length, total: ofModule.length };
}
