// What the course says about a lab: shown in the lesson, on the dashboard and on the lab's
// own pages. Hints and the write-up are served to a paid learner on request only.

// The course's own scale (the module cards' badges).
export type LabDifficulty = 'Beginner' | 'Intermediate' | 'Advanced';

export interface LabInfo {
  /** Stable id: `<module>-<topic>`, e.g. `web-sqli-login-bypass`. Flags are derived from it. */
  id: string;
  moduleId: string;
  /** The lesson that teaches the flaw; its page shows the lab's "Try it" block. */
  lessonNumber: number;
  title: string;
  difficulty: LabDifficulty;
  /** One or two sentences: what the learner must achieve, and how they know they did. */
  objective: string;
  /** Revealed one at a time, each a nudge, the last close to the answer. */
  hints: string[];
  /** Markdown: the steps that solve the lab, why they work, and the fix. */
  writeup: string;
}
