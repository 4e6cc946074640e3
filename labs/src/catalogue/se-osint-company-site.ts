import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'se-osint-company-site',
  moduleId: 'social-engineering',
  lessonNumber: 3,
  title: "Find the finance head's email address with passive OSINT",
  difficulty: 'Beginner',
  objective:
    "Using only a fictional company's public website, work out its email address format and submit the address of its current head of finance; the lab then shows your flag.",
  hints: [
    'The Team page names people and roles but no addresses. Which page tells you who heads finance today, and which older page could mislead you?',
    'Look for any real address of a named person (blog posts are a good place), and open the document properties on the Downloads page: author fields often hold usernames.',
    'Put each address or username next to the full name on the Team page. Is it first.last, f.last, firstl, first_last or last.first? Apply the same pattern to the head of finance.',
  ],
  writeup: `1. Read the home page: the company and its people are fictional, and the rules say passive
sources only. No mail-server probing, no messages to staff.
2. Open **Team**. The card with the role *Head of Finance & Accounts* gives today's finance head. The
blog post *Thank you, Suresh* names a former head of finance; he has retired, so he is not your answer.
3. Open the blog post about the **India Warehousing Show**. Ananya, the events lead, is reachable at an
address such as \`a.rao@kesarifreight.example\`. The Team page gives her full name, Ananya Rao.
4. Open **Downloads**, then *View document properties* for each PDF. The sustainability report's
Author is a username like \`m.kulkarni\` (Mohan Kulkarni), the vendor form's like \`r.malhotra\`
(Rohit Malhotra, who is in finance but is not its head). Three examples, one pattern.
5. Apply the pattern to the head of finance and submit it, for example \`m.iyer@kesarifreight.example\`.
The format differs between starts of the lab, so read your own instance.

**Why it works:** an address format is a convention, and one public example plus a list of names
lets anyone generate the rest. Document metadata confirms it without touching a mail server.

**The fix:** strip metadata in the publishing workflow (mat2), publish role addresses (\`events@\`)
instead of personal ones, think about what a team page tells a fraudster, and prepare finance staff
for supplier bank-change requests: verify by phone on a known number.`,
};

export default lab;
