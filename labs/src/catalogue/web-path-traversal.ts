import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-path-traversal',
  moduleId: 'web-application',
  lessonNumber: 15,
  title: "Read carlos's secret file through the image loader",
  difficulty: 'Intermediate',
  objective:
    'The print shop loads its pictures by file name from /var/www/images/, and removes ../ from the name first. Read /home/carlos/secret.txt through it; the file then comes back with your flag.',
  hints: [
    'Tap "Open image" under a picture: the file name is in the address. Replace it with ../../../etc/passwd and read the error. Which path did the server really try to open?',
    'Your ../ vanished: the server deletes every ../ from the name, but only once, in a single pass. What would still contain ../ after a ../ is cut out of its middle?',
    'Cutting ../ out of ....// leaves ../ behind. Three of them climb from /var/www/images/ up to /; then add home/carlos/secret.txt.',
  ],
  writeup: `1. Tap **Open image** under a picture. The address ends in \`image?filename=sunrise.jpg\`.
2. Change the end to \`image?filename=../../../etc/passwd\`. The error reads
   \`ENOENT: no such file or directory, open '/var/www/images/etc/passwd'\`: the file name was joined to
   the folder, but every \`../\` was removed first. An absolute name such as \`/etc/passwd\` fails the
   same way, because Node's \`path.join\` keeps it inside the folder.
3. Change it to \`image?filename=....//....//....//etc/passwd\`. The fake \`/etc/passwd\` comes back, and
   lists carlos with the home folder \`/home/carlos\`.
4. Change it to \`image?filename=....//....//....//home/carlos/secret.txt\`. Carlos's notes come back
   with your flag on the last line. (Send the same path from the request editor to see the "Lab solved"
   banner with it.)

**Why it works.** This is path traversal past a non-recursive filter. The server runs

\`\`\`js
const name = filename.replaceAll('../', '');
const file = path.join('/var/www/images/', name);
\`\`\`

\`replaceAll\` scans once and does not look again at what its removals join together, so \`....//\`
(\`..\` + \`../\` + \`/\`) becomes \`../\`. Then \`path.join\` resolves each \`..\` by going up one folder,
exactly as the operating system would. Extra \`....//\` do no harm: you cannot climb above \`/\`.
\`..././\` works as well.

**The fix** is to judge the final path, not the input string: resolve it, then check it is still inside
the folder (\`path.resolve(base, name)\` must start with \`base + '/'\`), and refuse it otherwise. Better
still, let the client send an image id and map it to a file on the server. Run the app as a user that
cannot read other people's home folders.`,
};

export default lab;
