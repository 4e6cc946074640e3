import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteHeader } from '../../components/SiteHeader';
import { ApiError } from '../../lib/graphql';
import { formatPrice, pricingQuery } from '../../lib/pricing-api';
import { sampleLessonQuery } from '../../lib/sample-lesson-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LessonBody } from '../course-reader/LessonBody';
import '../course-reader/lesson-content.css';

const startButton =
  'inline-flex min-h-11 items-center justify-center rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 shadow hover:bg-emerald-400';

/**
 * `/sample/<module>/<number>`: the one lesson anyone may read before paying, chosen by the
 * seller, with the way to start the course around it. The only page that shows lesson text
 * to someone signed out; its text comes from the server, never from this page's code.
 */
export function SamplePage() {
  const { moduleId = '', lessonNumber = '' } = useParams();
  const lesson = useQuery(sampleLessonQuery(moduleId, lessonNumber));
  const pricing = useQuery(pricingQuery);
  // What a code block's Copy button did, read out to screen-reader users.
  const [announcement, setAnnouncement] = useState('');
  useDocumentTitle(lesson.data ? `${lesson.data.title} · Free sample lesson` : 'Free sample lesson');
  const notASample = lesson.status === 'error' && lesson.error instanceof ApiError && lesson.error.code === 'NOT_FOUND';
  const price = pricing.data ? formatPrice(pricing.data.price) : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 sm:px-6">
        {lesson.status === 'pending' && (
          <p role="status" className="mt-8 text-slate-300">
            Loading...
          </p>
        )}
        {notASample && (
          <section className="mt-8">
            <h1 className="text-2xl font-bold text-white">This lesson is not a free sample</h1>
            <p className="mt-3 text-slate-300">
              Lessons open once you join the course.{' '}
              <Link to="/" className="text-emerald-300 underline">
                See what the course offers
              </Link>
              .
            </p>
          </section>
        )}
        {lesson.status === 'error' && !notASample && <ErrorPanel onRetry={() => void lesson.refetch()} />}
        {lesson.data && (
          <article>
            <p className="text-sm font-semibold tracking-widest text-emerald-400 uppercase">Free sample lesson</p>
            <h1 className="mt-2 text-3xl font-extrabold text-white">{lesson.data.title}</h1>
            <p className="mt-2 text-slate-300">{lesson.data.summary}</p>
            <JoinPanel price={price} />
            <LessonBody html={lesson.data.html} announce={setAnnouncement} />
            <JoinPanel price={price} end />
          </article>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}

/** What the rest of the course is and the way in; at the end, said as the next step. */
function JoinPanel({ price, end = false }: { price: string | null; end?: boolean }) {
  return (
    <aside
      aria-label={end ? 'Continue with the course' : 'About this course'}
      className="mt-6 rounded-2xl border border-emerald-800 bg-emerald-950/40 p-4 sm:p-5"
    >
      <p className="text-slate-200">
        {end ? 'Liked it? ' : ''}This is one of the course’s lessons. Seven modules of them, with browser labs and
        verifiable certificates, open for {price ? `one payment of ${price}` : 'one payment'}.
      </p>
      <Link to="/#get-started" className={`${startButton} mt-3`}>
        Start learning
      </Link>
    </aside>
  );
}
