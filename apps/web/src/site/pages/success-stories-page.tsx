import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { testimonials } from '../content/testimonials.ts';
import { Reveal } from '../reveal/reveal.tsx';
import { PageHero } from '../sections/page-hero.tsx';

export function SuccessStoriesPage() {
  return (
    <>
      <PageHero title="Success Stories">
        <p>Owners across Uganda on what a Sente loan changed for their business.</p>
      </PageHero>
      <Container className="flex flex-col gap-10 py-12">
        <ul className="grid gap-6 md:grid-cols-2">
          {testimonials.map((story, position) => (
            <Reveal as="li" key={story.name} animation={position % 2 === 0 ? 'fadeRight' : 'fadeLeft'}>
              <figure className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-700">
                <figcaption>
                  <h2 className="text-xl font-bold text-slate-900 dark:text-white">{story.business}</h2>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {story.name}, {story.location} · {story.product}
                  </p>
                </figcaption>
                <blockquote className="text-slate-800 dark:text-slate-100">
                  <p>“{story.quote}”</p>
                </blockquote>
                <p className="mt-auto font-semibold text-emerald-800 dark:text-emerald-300">{story.result}</p>
              </figure>
            </Reveal>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
          <ButtonAnchor href={paths.download} variant="secondary">
            Download App
          </ButtonAnchor>
        </div>
      </Container>
    </>
  );
}
