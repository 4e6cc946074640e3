/**
 * Every key of the query cache (lib/query-client.ts), so what is cached, and what a
 * change must refresh, can be read in one place. The query functions sit in each
 * domain's `*-api.ts`, beside the documents they send.
 */
export const queryKeys = {
  /** GET /api/session: the user, the progress the page opened with, the catalogue's address. */
  session: ['session'] as const,
  catalogue: ['catalogue'] as const,
  /** Every learner's progress (ForgetPageProgressOnMove marks them all stale). */
  allProgress: ['progress'] as const,
  progress: (userId: string) => ['progress', userId] as const,
  lesson: (moduleId: string, number: number) => ['lesson', moduleId, number] as const,
  labs: ['labs'] as const,
  pricing: ['pricing'] as const,
  appConfig: ['app-config'] as const,
  sampleLessonLink: ['sample-lesson'] as const,
  sampleLesson: (moduleId: string, number: string) => ['sample-lesson', moduleId, number] as const,
  legalPage: (slug: string) => ['legal', slug] as const,
  account: (userId: string) => ['account', userId] as const,
  receipt: (number: string) => ['receipt', number] as const,
  certificates: ['certificates'] as const,
  verify: (certificateId: string) => ['verify', certificateId] as const,
  admin: {
    settings: ['admin', 'settings'] as const,
    learner: (learnerId: string) => ['admin', 'learner', learnerId] as const,
    sales: (from: string, to: string) => ['admin', 'sales', from, to] as const,
    search: (query: string) => ['admin', 'search', query] as const,
  },
};
