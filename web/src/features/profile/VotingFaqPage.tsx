import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { ChevronLeftIcon } from "../../ui/icons";
import styles from "./VoterProfilePage.module.css";

const FAQ: Array<{ q: string; a: string }> = [
  {
    q: "Who can vote in an election?",
    a: "The voters who are members of the organization when voting opens. The list of voters (the roll) is fixed at that moment: someone who joins later cannot vote in that election. Organization (administrator) accounts do not vote.",
  },
  {
    q: "When can I vote?",
    a: "Between the start and end date and time shown on the election, in the organization's time zone. Elections open and close on their own at those times; the administrator may also open early, close early, extend or cancel. A vote after the end is refused, even by one second.",
  },
  {
    q: "How do I prove it is me?",
    a: "Before each submission you verify your identity with one of the methods the election offers: your National ID (checked against the number you registered, which is kept only as a keyed hash), or a 6-digit code sent to your e-mail (Voter's Card) or phone. A code expires after 5 minutes and stops working after 5 wrong tries. A successful check lets you cast one vote in that election within 10 minutes.",
  },
  {
    q: "Can I vote twice or change my vote?",
    a: "No. You have one vote per position, and it cannot be changed once cast. The database itself refuses a second vote for the same position, even if two are sent at the same moment.",
  },
  {
    q: "Is my vote secret?",
    a: "Yes. Who voted and what was chosen are stored in separate places with nothing linking them: the record that you voted has no choice in it, and the ballot has no name, no account and no time. Your profile's Recent Activity shows that you voted, never for whom.",
  },
  {
    q: "What is the receipt I get after voting?",
    a: "A random code (VS-XXXX-…) shown once, and kept only in your browser. The server stores only a one-way hash of it. On the election's public bulletin board you can look your receipt up and see that your ballot, with your choice, is counted; the receipt never leaves your browser while you do.",
  },
  {
    q: "How do I know the results are right?",
    a: "Results are counted from the stored ballots themselves. While voting is open, ballots are sealed into a hash chain in batches, once at least ten voters' ballots wait (so no seal tells one voter's choice), and the rest when voting closes; the election's public bulletin board publishes the chain and, once voting has closed, every answer. Changing, adding or removing a sealed ballot breaks the chain, and anyone can save the board and run the verifier it offers, which checks every seal and recounts every question.",
  },
  {
    q: "Where do I vote?",
    a: "In the election's channel in your organization's workspace: open Find My Polling Station on your profile for the election channels of your organizations.",
  },
  {
    q: "My organization is suspended. Can I still vote?",
    a: "No. While the platform administrator has an organization suspended, its members can read but cannot post, create or change channels and elections, join rooms, verify or vote. Everything works again once it is re-activated.",
  },
];

/** /voters/faq: how voting works here, in plain words (docs/elections.md is the full account). */
export default function VotingFaqPage() {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to="/voters" className={cx("btn btn-ghost", styles.back)}>
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>Voting FAQ</h1>
      </header>
      <div className={styles.faq}>
        {FAQ.map((item) => (
          <details key={item.q} className={cx("card", styles.faqItem)}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </main>
  );
}
