// The consumer dispute body (VVTAT) as the site names it: the footer on every page and the
// contacts page. The text and the address come from src/domain/consumerInfo.ts, as in the e-mails.
import { CONSUMER_DISPUTE_BODY, disputeBodyText } from "../../domain/consumerInfo";

export default function DisputeBodyNote({ className }: { className?: string }) {
  const text = disputeBodyText("lt");
  const [before, after] = text.split(CONSUMER_DISPUTE_BODY.website);
  return (
    <p className={className} data-testid="dispute-body">
      {before}
      <a href={CONSUMER_DISPUTE_BODY.url} rel="noopener noreferrer">
        {CONSUMER_DISPUTE_BODY.website}
      </a>
      {after}
    </p>
  );
}
