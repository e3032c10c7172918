import { Container } from '../../ui/container.tsx';
import { privacyPolicy } from '../content/legal.ts';
import { LegalDocumentView } from '../sections/legal-document-view.tsx';
import { PageHero } from '../sections/page-hero.tsx';

export function PrivacyPolicyPage() {
  return (
    <>
      <PageHero title="Privacy Policy" />
      <Container className="py-12">
        <LegalDocumentView document={privacyPolicy} />
      </Container>
    </>
  );
}
