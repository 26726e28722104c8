import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { BulletList, Callout, InlineLink, LegalPage, LegalSection } from "./legal/legal-page";

export function Component() {
  usePageMeta(pageText("termsOfService"));
  return (
    <LegalPage
      title={pageHeading("termsOfService")}
      intro={
        <p>
          These terms govern your use of the ScrapIndex website and its data. By using the site you agree to them. If
          you do not agree, please do not use ScrapIndex.
        </p>
      }
    >
      <LegalSection title="Who may use ScrapIndex">
        <p>
          You must be at least 18 years old to use ScrapIndex. By using the site you confirm that you are 18 or older
          and able to accept these terms.
        </p>
      </LegalSection>

      <LegalSection title="The service">
        <p>
          ScrapIndex shows scrap metal prices by city and material, a directory of scrap yards, summaries of scrap
          trading rules and educational articles. The basic service is free. Access to our data through an API for
          businesses is available on request through the <InlineLink to="/contact">contact page</InlineLink>.
        </p>
      </LegalSection>

      <LegalSection title="Use of data">
        <BulletList
          items={[
            "You may view, print and share pages of the site for your own personal or internal business use.",
            "You may not copy, scrape or redistribute our price or scrap yard data in bulk, or resell it, without our written permission.",
            "When you quote our prices, say that they come from ScrapIndex and link to the page you used.",
          ]}
        />
      </LegalSection>

      <LegalSection title="No warranty on prices">
        <Callout title="Prices are indicative, not offers" tone="warning">
          <p>
            The prices currently shown are a generated demo data set, used until real price feeds are connected. Even
            with real feeds, scrap prices change daily and vary by yard, grade, quantity and condition.
          </p>
        </Callout>
        <p>
          The site is provided &quot;as is&quot;. We make no warranty that prices, scrap yard details or legal summaries
          are accurate, complete or current. Always confirm the price and the requirements with the buyer before you
          sell.
        </p>
      </LegalSection>

      <LegalSection title="Scrap yard listings">
        <p>
          The scrap yards listed are currently demo entries. A listing is not an endorsement, and we are not a party to
          any transaction between you and a scrap yard. Yard owners can ask us to add or correct a listing through the{" "}
          <InlineLink to="/contact">contact page</InlineLink>.
        </p>
      </LegalSection>

      <LegalSection title="Acceptable use">
        <p>When using ScrapIndex you agree not to:</p>
        <BulletList
          items={[
            "use the site or its information to buy or sell stolen materials, or for any other unlawful purpose;",
            "interfere with the site's operation, probe its security or overload it with automated requests;",
            "send spam, false information or automated submissions through our forms;",
            "misrepresent yourself or your business when contacting us.",
          ]}
        />
      </LegalSection>

      <LegalSection title="Limitation of liability">
        <p>
          To the fullest extent allowed by law, ScrapIndex is not liable for any loss or damage arising from your use of
          the site or reliance on its information, including losses from buying or selling scrap at a price different
          from the one shown. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection title="Links to other sites">
        <p>
          Scrap yard websites, maps and other external links are provided for convenience. We do not control those sites
          and are not responsible for their content.
        </p>
      </LegalSection>

      <LegalSection title="Changes to these terms">
        <p>
          We may update these terms. We give at least 30 days notice of material changes on the site before they take
          effect. Continuing to use ScrapIndex after that means you accept the updated terms.
        </p>
      </LegalSection>

      <LegalSection title="Related documents">
        <p>
          Read these terms together with our <InlineLink to="/privacy-policy">Privacy Policy</InlineLink> and{" "}
          <InlineLink to="/content-disclaimer">Content Disclaimer</InlineLink>. Questions? Use the{" "}
          <InlineLink to="/contact">contact page</InlineLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
