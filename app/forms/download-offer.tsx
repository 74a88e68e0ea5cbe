// The gated download on the thank-you page: the signed link, or why it is gone.
import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import type { DownloadOffer } from "./downloads.server";

const EXPIRY_LABEL = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function DownloadOfferView({ offer }: { offer: DownloadOffer | undefined }) {
  if (!offer) return null;
  return (
    <Container width="prose" className="download-offer">
      {offer.status === "ready" ? (
        <>
          <h2>Your download is ready</h2>
          <p>
            <a className="button button--primary button--lg" href={offer.href} download>
              Download {offer.name}
            </a>
          </p>
          <p className="download-offer__note">
            This link is yours alone and works until{" "}
            <time dateTime={offer.expiresAt}>{EXPIRY_LABEL.format(new Date(offer.expiresAt))}</time>
            .
          </p>
        </>
      ) : (
        <>
          <h2>This download link has expired or is not valid</h2>
          <p>
            Links to downloads work for 24 hours. Fill in the form on the{" "}
            <Link to="/resources">resource's page</Link> again to get a new one.
          </p>
        </>
      )}
    </Container>
  );
}
