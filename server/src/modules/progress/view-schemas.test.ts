import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { presentProgress, progressViewSchema } from './progress-presenter';
import { presentUser, userViewSchema } from '../users/user-presenter';

// Fastify's serialiser sends only what a response schema describes: a field a presenter
// gains must reach its schema too, or the plain GET routes would quietly drop it.
async function sentThrough(schema: object, view: unknown): Promise<unknown> {
  const app = Fastify();
  app.get('/', { schema: { response: { 200: schema } } }, async () => view);
  const response = await app.inject({ url: '/' });
  await app.close();
  return response.json();
}

describe('the JSON schemas of the learner documents', () => {
  it('send every field of a user view, nothing changed', async () => {
    const view = presentUser({
      user_id: 'meera@example.com',
      full_name: 'Meera "M" Iyer',
      phone: '9876543210',
      payment_status: 1,
      role: 'admin',
      state_code: '29',
    });
    expect(await sentThrough(userViewSchema, view)).toEqual(view);
    expect(await sentThrough(userViewSchema, { ...view, state_code: null })).toEqual({ ...view, state_code: null });
  });

  it('send every field of a progress view, nothing changed', async () => {
    const view = presentProgress({
      completedModules: ['web-application'],
      resumeModuleId: 'wifi-hacking',
      modules: [
        {
          moduleId: 'web-application',
          completedLessons: [1, 2, 3],
          completedAt: Date.UTC(2026, 10, 1),
          checks: { total: 12, answered: 5, first_time_right: 4 },
        },
        {
          moduleId: 'wifi-hacking',
          completedLessons: [],
          completedAt: null,
          checks: { total: 9, answered: 0, first_time_right: 0 },
        },
      ],
    });
    expect(await sentThrough(progressViewSchema, view)).toEqual(view);
    expect(await sentThrough(progressViewSchema, { ...view, resume_module_id: null })).toEqual({
      ...view,
      resume_module_id: null,
    });
  });
});
