/** Visitors only (spec 2 §2 About tab: "an FAQ"). Native details/summary: keyboard and screen readers for free. */
const QUESTIONS: [string, string][] = [
  [
    'Who can join?',
    'Students with a school e-mail address. Sign up, then verify your school e-mail to post and message.',
  ],
  ['Does it cost anything?', 'No. Posting, commenting and messaging are free.'],
  [
    'How do I buy something?',
    'Open a post and press Send Message to talk with the seller. Meet on campus in a public place.',
  ],
  ['Can I see posts without an account?', 'On a public campus, yes. Commenting, saving and messaging need an account.'],
];

export function FaqPanel() {
  return (
    <section className="card about-panel" aria-labelledby="about-faq-title">
      <h2 id="about-faq-title" className="about-panel__title">
        Frequently asked questions
      </h2>
      {QUESTIONS.map(([question, answer]) => (
        <details key={question} className="faq">
          <summary className="faq__question">{question}</summary>
          <p className="faq__answer">{answer}</p>
        </details>
      ))}
    </section>
  );
}
