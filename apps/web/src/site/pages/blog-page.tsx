import { Container } from '../../ui/container.tsx';
import { blogPosts } from '../content/blog.ts';
import { PageHero } from '../sections/page-hero.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function BlogPage() {
  return (
    <>
      <PageHero title="Business Tips">
        <p>Short, practical advice for running and growing a small business in Uganda.</p>
      </PageHero>
      <Container className="grid gap-6 py-12 md:grid-cols-2">
        {blogPosts.map((post) => (
          <article
            key={post.slug}
            id={post.slug}
            aria-labelledby={`${post.slug}-title`}
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-6 dark:border-slate-700"
          >
            <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
              {post.category} ·{' '}
              <time dateTime={post.published}>{dateFormat.format(new Date(post.published))}</time> ·{' '}
              {post.readingMinutes} min read
            </p>
            <h2 id={`${post.slug}-title`} className="text-xl font-bold text-slate-900 dark:text-white">
              {post.title}
            </h2>
            <p className="text-slate-700 dark:text-slate-300">{post.summary}</p>
            <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
              {post.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </article>
        ))}
      </Container>
    </>
  );
}
