// A travel blog post whose comments are stored (in the instance's state) and shown to every
// reader. The commenter's name is encoded; the comment text goes into the page as it was
// typed (the one deliberate flaw). The blog's moderator, simulated on the server, reads
// the post with its comments: the lab renders the very page the moderator's browser would
// receive and asks the simulated victim whether it would run script.
import { esc, LabInputError, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

interface Comment {
  name: string;
  body: string;
}

interface BlogState {
  comments: Comment[];
}

const MAX_COMMENTS = 10;
const MAX_BODY = 500;
const MAX_NAME = 40;
/** The instance state is at most 3000 bytes once signed and encoded: keep the JSON well under. */
const MAX_STATE_JSON = 2100;
const MODERATOR = 'Farhan Qureshi';

// The readers' comments that were there before the learner's (fixed, not stored).
const SEEDED: Comment[] = [
  {
    name: 'Sneha Patil',
    body: 'We did this trek last August. Carry a spare pair of socks, the trail near Udhewadi is all slush!',
  },
  { name: 'Arjun Menon', body: 'Is the fort open for night camping in September? Great photos, by the way.' },
];

function comments(lab: LabTools): Comment[] {
  const state = lab.state<BlogState>();
  return Array.isArray(state?.comments) ? state.comments : [];
}

/** Keeps the newest comments that fit: at most ten, and within the state's byte budget. */
function saveComments(lab: LabTools, list: Comment[]): number {
  const kept = list.slice(-MAX_COMMENTS);
  while (kept.length > 1 && Buffer.byteLength(JSON.stringify({ comments: kept })) > MAX_STATE_JSON) kept.shift();
  lab.setState({ comments: kept } satisfies BlogState);
  return list.length - kept.length;
}

/** Text as typed, minus control characters other than new lines and tabs. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

function commentHtml(comment: Comment): string {
  // The flaw: the name is encoded, the body is not.
  return `<article class="lab-card comment"><p><strong>${esc(comment.name)}</strong> wrote:</p><p>${comment.body}</p></article>`;
}

/** The post with every comment: what a reader, the learner or the moderator, receives. */
function postPage(lab: LabTools, notice = ''): LabResponse {
  const own = comments(lab);
  const all = [...SEEDED, ...own];
  return page(
    'Monsoon trek to Rajmachi',
    `<h1>Monsoon trek to Rajmachi</h1>
<p><small>Ghumakkad Diaries · by Kavya Deshmukh</small></p>
<p>We left Lonavala at six in the morning, with the clouds sitting so low on the Sahyadri that the trail disappeared ten steps ahead. Four hours, three waterfalls and one very muddy chai stall later, Shrivardhan fort opened up above the valley.</p>
<p>If you go: start early, wear shoes with real grip, and leave nothing behind at the fort but footprints.</p>
${notice}
<h2>Leave a comment</h2>
<form method="post" action="comments" class="lab-form">
  <label>Your name <input name="name" maxlength="${MAX_NAME}" autocomplete="nickname"></label>
  <label>Comment <textarea name="comment" rows="4" maxlength="${MAX_BODY}" required></textarea></label>
  <button type="submit">Post comment</button>
</form>
<form method="post" action="moderate" class="lab-form">
  <p>${esc(MODERATOR)}, the blog's moderator, reads every comment on this post while signed in to the blog's admin.</p>
  <button type="submit">Ask the moderator to review comments</button>
</form>
${own.length ? '<form method="post" action="comments/clear" class="lab-form"><button type="submit">Delete my comments</button></form>' : ''}
<section id="comments" aria-labelledby="comments-title">
<h2 id="comments-title">${all.length} comments</h2>
${all.map(commentHtml).join('\n')}
</section>`,
  );
}

const target: LabTarget = {
  id: 'web-xss-stored',
  scripts: 'inline',
  routes: {
    'GET /': (_request, lab) => postPage(lab),
    'GET /comments': (_request, lab) => redirect(lab, '/'),
    'POST /comments': (request, lab) => {
      const form = request.form();
      const name = clean(form.get('name') ?? '').trim() || 'Anonymous';
      const body = clean(form.get('comment') ?? '').trim();
      if (!body) throw new LabInputError('Write a comment first.');
      if (body.length > MAX_BODY) throw new LabInputError(`Comments are at most ${MAX_BODY} characters.`);
      if (name.length > MAX_NAME) throw new LabInputError(`Names are at most ${MAX_NAME} characters.`);
      const dropped = saveComments(lab, [...comments(lab), { name, body }]);
      if (dropped === 0) return redirect(lab, '/');
      return postPage(
        lab,
        `<p class="lab-note" role="status">This lab keeps your ${MAX_COMMENTS} newest comments or fewer: your oldest ${dropped === 1 ? 'comment was' : `${dropped} comments were`} removed to make room.</p>`,
      );
    },
    'POST /comments/clear': (_request, lab) => {
      lab.setState({ comments: [] } satisfies BlogState);
      return redirect(lab, '/');
    },
    'GET /moderate': (_request, lab) => redirect(lab, '/'),
    'POST /moderate': (_request, lab) => {
      // The moderator's browser gets the same page as everyone else.
      const received = postPage(lab);
      const count = SEEDED.length + comments(lab).length;
      if (lab.victimWouldRunScript(received.body)) {
        const flag = lab.solve();
        return page(
          'Moderation',
          `<h1>Moderation</h1><p>${esc(MODERATOR)} opened the post to review its ${count} comments. A comment's script ran in his browser, on the blog's own site and with his admin session. That is stored XSS: he did not click any link of yours.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div><p><a href="./">Back to the post</a></p>`,
        );
      }
      return page(
        'Moderation',
        `<h1>Moderation</h1><p>${esc(MODERATOR)} read all ${count} comments. Nothing in the page ran script in his browser; he approved them.</p><p><a href="./">Back to the post</a></p>`,
      );
    },
  },
};

export default target;
