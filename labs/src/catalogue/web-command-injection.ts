// PLACEHOLDER: to be written.
import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-command-injection',
  moduleId: 'web-application',
  lessonNumber: 16,
  title: 'PLACEHOLDER',
  difficulty: 'Beginner',
  objective: 'PLACEHOLDER',
  hints: [],
  writeup: 'PLACEHOLDER',
};

export default lab;
