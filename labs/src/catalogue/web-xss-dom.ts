// PLACEHOLDER: to be written.
import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-xss-dom',
  moduleId: 'web-application',
  lessonNumber: 9,
  title: 'PLACEHOLDER',
  difficulty: 'Beginner',
  objective: 'PLACEHOLDER',
  hints: [],
  writeup: 'PLACEHOLDER',
};

export default lab;
