import { Container } from '../../ui/container.tsx';
import { termsOfService } from '../content/legal.ts';
import { LegalDocumentView } from '../sections/legal-document-view.tsx';
import { PageHero } from '../sections/page-hero.tsx';

export function TermsPage() {
  return (
    <>
      <PageHero title="Terms of Service" />
      <Container className="py-12">
        <LegalDocumentView document={termsOfService} />
      </Container>
    </>
  );
}
