import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { BulletList, Callout, InlineLink, LegalPage, LegalSection } from "./legal/legal-page";

export function Component() {
  usePageMeta(pageText("contentDisclaimer"));
  return (
    <LegalPage
      title={pageHeading("contentDisclaimer")}
      intro={
        <p>
          Everything on ScrapIndex, including prices, scrap yard listings, legal summaries and blog articles, is
          published for educational purposes about legitimate recycling and environmental compliance. It is not legal,
          financial or professional advice.
        </p>
      }
    >
      <LegalSection title="Educational use only">
        <p>
          Our guides explain how scrap metal is identified, graded and valued so that sellers and recyclers can make
          informed, lawful decisions. Rules differ between countries, states, provinces and cities, and they change.
          Before you buy or sell scrap, check the rules that apply where you are, and ask a qualified professional when
          in doubt.
        </p>
      </LegalSection>

      <LegalSection title="Prices are indicative">
        <p>
          The prices currently shown are a generated demo data set, used until real price feeds are connected. Scrap
          prices change daily, and what a yard pays depends on grade, cleanliness, quantity and the yard itself. Treat
          every figure as indicative and confirm it with the buyer before you sell.
        </p>
      </LegalSection>

      <LegalSection title="Catalytic converters">
        <Callout title="Catalytic converter theft is a serious crime" tone="warning">
          <p>
            ScrapIndex does not support buying or selling stolen catalytic converters. Many jurisdictions have specific
            anti-theft laws for converters, with heavy fines and prison sentences.
          </p>
        </Callout>
        <BulletList
          items={[
            "Only sell a catalytic converter you own. Keep proof of ownership, such as the vehicle title or registration and the repair invoice for the replacement.",
            "Sell only to licensed scrap dealers and recyclers that record the seller's identity, as the law in many places requires.",
            "Expect to show photo identification, and in some places the vehicle identification number (VIN) of the car the converter came from.",
            "Some jurisdictions ban cash payments for converters or require the buyer to wait before paying; follow those rules.",
            "If you are offered a converter you suspect is stolen, do not buy it; report it to the police.",
          ]}
        />
      </LegalSection>

      <LegalSection title="Vehicle recycling">
        <BulletList
          items={[
            "Scrap only vehicles you own or are authorised to dispose of, and have the title or registration documents ready.",
            "Notify the vehicle licensing authority and cancel the registration and insurance as your local rules require.",
            "Use licensed, authorised vehicle recyclers that issue a certificate of destruction or equivalent where one is required.",
            "Fluids, batteries, tyres and air-conditioning gases are hazardous: they must be drained, removed and disposed of by authorised handlers.",
          ]}
        />
      </LegalSection>

      <LegalSection title="Legal summaries and scrap yard listings">
        <p>
          The scrap trading rules shown on city pages are short summaries to point you in the right direction; they are
          not complete and are not legal advice. The scrap yards listed are currently demo entries, and a listing is not
          an endorsement or a guarantee that a yard is licensed.
        </p>
      </LegalSection>

      <LegalSection title="Questions or corrections">
        <p>
          If you find something inaccurate, please tell us through the{" "}
          <InlineLink to="/contact">contact page</InlineLink>. See also our{" "}
          <InlineLink to="/terms-of-service">Terms of Service</InlineLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
