import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { appStoreLinks } from '../content/site.ts';
import { PageHero } from '../sections/page-hero.tsx';

/** decisions.md: /download is a real page with store links from config (content/site.ts). */
export function DownloadPage() {
  return (
    <>
      <PageHero title="Download the App">
        <p>Apply for funding, compare offers, receive money and repay, all from your phone.</p>
      </PageHero>
      <Container className="flex flex-col gap-10 py-12">
        <section aria-labelledby="stores-title" className="flex flex-col gap-4">
          <h2 id="stores-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Get Sente on your phone
          </h2>
          <div className="flex flex-wrap gap-3">
            <ButtonAnchor href={appStoreLinks.googlePlay} rel="noopener">
              Get it on Google Play
            </ButtonAnchor>
            <ButtonAnchor href={appStoreLinks.appStore} variant="secondary" rel="noopener">
              Download on the App Store
            </ButtonAnchor>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Needs {appStoreLinks.minimumAndroid} or {appStoreLinks.minimumIos}. About {appStoreLinks.sizeMb}{' '}
            MB, so it downloads quickly on mobile data.
          </p>
        </section>
        <section aria-labelledby="web-app-title" className="flex flex-col items-start gap-4">
          <h2 id="web-app-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Or use it in your browser
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            The Sente web app does the same on any phone, without a download from a store. Add it to your home
            screen and it opens like an app, even on a weak connection.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonAnchor href={paths.appRegister}>Open the web app</ButtonAnchor>
            <ButtonAnchor href={paths.appLogin} variant="secondary">
              Sign in
            </ButtonAnchor>
          </div>
        </section>
        <section aria-labelledby="in-app-title">
          <h2 id="in-app-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            What you can do in the app
          </h2>
          <ul className="mt-3 grid gap-2 text-slate-700 sm:grid-cols-2 dark:text-slate-300">
            <li>Apply in about 10 minutes and upload your documents with the camera</li>
            <li>See offers from lenders and choose the one that suits you</li>
            <li>Receive money on MTN MoMo, Airtel Money or your bank account</li>
            <li>Repay your weekly installments and track your balance and due dates</li>
          </ul>
        </section>
        <p className="text-slate-700 dark:text-slate-300">
          Not ready yet?{' '}
          <a href={paths.apply} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
            See what you need to apply
          </a>
          .
        </p>
      </Container>
    </>
  );
}
