import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'mobile-backend-idor',
  moduleId: 'mobile-hacking',
  lessonNumber: 14,
  title: 'Read a support admin’s profile through the app’s API',
  difficulty: 'Beginner',
  objective:
    'The TazaTokri app’s API hands out objects by their ID. Signed in as a test customer, read the profile of the support administrator who handled one of your orders; the answer carries their support PIN and your flag.',
  hints: [
    'Open the captured traffic and read each response: which IDs does the app send and receive, and which of them are not yours?',
    'The captured token has expired. Replay the sign-in request from the traffic page to get a fresh one, then replay the other requests with it.',
    'Order 700512 was refunded by someone. Put that person’s userId into GET /api/v2/users/<id>/profile, with Authorization: Bearer <your token>.',
  ],
  writeup: `1. Open **Captured traffic**. Request 1 signs in and returns a token; requests 2 to 4 send it as
\`Authorization: Bearer …\` and name objects by number in the path: user 48213, order 700512.
2. Request 4's answer shows the refund was approved by \`"userId": 1002\`, a support agent.
3. On request 1, press **Send to the request editor**: the sign-in runs again and answers a fresh
\`token\`. (Replaying request 2 as captured fails with \`token_expired\`.)
4. In the editor send

\`\`\`
GET /api/v2/users/1002/profile
Authorization: Bearer <your token>
\`\`\`

The profile of Meera Kulkarni, role \`support_admin\`, comes back with her phone, e-mail,
permissions, \`supportPin\` and your flag.

With account B you can confirm the method of the lesson: A's token reads B's orders (700505,
700520) and profile (48214) too. That is Broken Object Level Authorization (OWASP API1): the
server checks *who* you are, but never whether the object you name is yours. Sequential IDs make
it easy; random IDs would only hide it, since they leak in responses like the refund here.

**The fix:** every handler takes the user from the verified token and checks ownership or role
for the object it loads, e.g. \`WHERE id = ? AND user_id = ?\` for orders, and 403 for another
user's profile unless the caller's role allows it. Return only the fields each role may see.`,
};

export default lab;
