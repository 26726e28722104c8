import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { BulletList, InlineLink, LegalPage, LegalSection } from "./legal/legal-page";

export function Component() {
  usePageMeta(pageText("privacyPolicy"));
  return (
    <LegalPage
      title={pageHeading("privacyPolicy")}
      updated="December 2024"
      intro={
        <p>
          ScrapIndex publishes scrap metal prices, scrap yard listings and recycling guidance. You can use the whole
          site without an account. This policy explains the little personal information we handle, why, and what you can
          ask us to do with it.
        </p>
      }
    >
      <LegalSection title="Information we collect">
        <p>We only collect what you send us or what is needed to keep the site running safely:</p>
        <BulletList
          items={[
            <>
              <strong>Contact form:</strong> your name, email address, subject, inquiry category and message.
            </>,
            <>
              <strong>Newsletter:</strong> the email address you subscribe with.
            </>,
            <>
              <strong>Rate limiting:</strong> when you submit a form we store a salted, one-way hash of your network
              address with the submission. It lets us limit repeated submissions from one connection; it cannot be
              turned back into your address and is not used to identify you.
            </>,
            <>
              <strong>Technical logs:</strong> our servers record requests (time, page requested, response status) to
              keep the service secure and working.
            </>,
            <>
              <strong>Usage data:</strong> only when site analytics are enabled, we record pages viewed and actions such
              as sharing a page or asking for directions to a scrap yard.
            </>,
          ]}
        />
        <p>We do not ask for payment details, and we never knowingly collect sensitive personal information.</p>
      </LegalSection>

      <LegalSection title="How we use information">
        <BulletList
          items={[
            "To answer your message and follow up on your inquiry.",
            "To send the newsletter you asked for.",
            "To protect the forms and the site against spam and abuse.",
            "To understand which pages are useful and improve the service, using usage data in aggregate.",
          ]}
        />
        <p>We do not sell, rent or trade your personal information.</p>
      </LegalSection>

      <LegalSection title="Cookies and analytics">
        <p>
          ScrapIndex sets no cookies for tracking or advertising. Your chosen price unit (per kg, per lb or per tonne)
          is remembered in your browser&apos;s local storage and never sent to us.
        </p>
        <p>
          Site analytics are switched off unless the site operator configures them. When they are on, page views and the
          usage events described above are recorded; they are not combined with your contact or newsletter details.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep information">
        <BulletList
          items={[
            "Usage data: 2 years.",
            "Technical logs: 1 year.",
            "Contact messages: as long as needed to deal with your inquiry.",
            "Newsletter addresses: until you unsubscribe.",
          ]}
        />
      </LegalSection>

      <LegalSection title="Sharing">
        <p>
          We share personal information only with service providers that host or operate the site for us, under
          confidentiality obligations, or when the law requires it.
        </p>
      </LegalSection>

      <LegalSection title="Your rights">
        <p>
          You can ask to see the personal information we hold about you, to correct or delete it, to object to its use,
          or to unsubscribe from the newsletter at any time. Send your request through our{" "}
          <InlineLink to="/contact">contact page</InlineLink>. We respond within 30 days.
        </p>
      </LegalSection>

      <LegalSection title="Children's privacy">
        <p>
          ScrapIndex is not intended for children under 13, and we do not knowingly collect personal information from
          them. If you believe a child has sent us information, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <p>
          When we change this policy we update the date at the top of this page. Significant changes are also announced
          on the site.
        </p>
      </LegalSection>

      <LegalSection title="Contact us">
        <p>
          Questions about privacy? Use our <InlineLink to="/contact">contact page</InlineLink> and choose the
          &quot;General Inquiry&quot; category.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
