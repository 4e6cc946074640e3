import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-auth-reset-token',
  moduleId: 'web-application',
  lessonNumber: 11,
  title: "Take over carlos's account with a predictable reset token",
  difficulty: 'Intermediate',
  objective:
    "PaisaPlus builds its password-reset tokens from things an attacker can know. Work out how from a reset link sent to your own account (wiener), write carlos's token, set a new password for him and sign in as carlos; the lab then shows your flag.",
  hints: [
    "Ask for a password reset for wiener and open the Email client. Ask again a few seconds later: is the new link's token different? What could change only once a minute?",
    'The token is not random data: put it through the Decoder. What is the number next to your username, and how does it relate to the Date of the email?',
    'Ask for a reset for carlos and note the time the page shows. His token is the Base64 of carlos:N, where N is your number plus the minutes between your email and his request. Open reset?token=… with it.',
  ],
  writeup: `1. On **Forgot password**, ask for a reset for \`wiener\`, then open the **Email client**. The link
   looks like \`reset?token=d2llbmVyOjI5NDcxNjQy\`. Ask again within the same minute and you get the
   very same token: nothing random is in it.
2. Put the token through the **Decoder**: it is Base64 (URL-safe) of \`wiener:29471642\`. The number
   is the Unix time in minutes (seconds since 1970 divided by 60) when you asked; compare it with
   the email's Date.
3. Ask for a reset for \`carlos\`. His email goes to him, but the page tells you when the request was
   made. If that is the same minute as your email, his number is yours; if it is two minutes later,
   add 2.
4. Encode \`carlos:29471642\` (with his number) in the Decoder and open
   \`reset?token=Y2FybG9zOjI5NDcxNjQy\`. PaisaPlus finds a token it issued for carlos and lets you
   choose his new password.
5. Sign in as carlos with it. The flag appears.

It works because a reset token is a password for the account until it expires, and this one is
built only from the username and the time, both of which the attacker knows. Storing only a hash
of the token, as PaisaPlus does, does not help when the token itself can be recomputed.

**The fix:** make the token at least 128 random bits from a cryptographic generator
(\`crypto.randomBytes(32)\`), store a hash of it with the account and a short expiry, use it once,
spend older tokens when a new one is issued, and limit how often resets and reset attempts can be
made.`,
};

export default lab;
