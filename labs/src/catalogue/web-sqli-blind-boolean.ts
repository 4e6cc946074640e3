// PLACEHOLDER: to be written.
import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-sqli-blind-boolean',
  moduleId: 'web-application',
  lessonNumber: 6,
  title: 'PLACEHOLDER',
  difficulty: 'Beginner',
  objective: 'PLACEHOLDER',
  hints: [],
  writeup: 'PLACEHOLDER',
};

export default lab;
