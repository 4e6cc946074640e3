// PLACEHOLDER: to be written.
import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-path-traversal',
  moduleId: 'web-application',
  lessonNumber: 15,
  title: 'PLACEHOLDER',
  difficulty: 'Beginner',
  objective: 'PLACEHOLDER',
  hints: [],
  writeup: 'PLACEHOLDER',
};

export default lab;
