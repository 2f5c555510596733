import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The calm card the Success and Cancel pages show while they work (spec 3 §2). */
export function CheckoutReturn({
  title,
  postId,
  detail,
  isWorking,
}: {
  title: string;
  postId: string;
  detail: ReactNode;
  isWorking: boolean;
}) {
  return (
    <section className="card checkout-return" aria-busy={isWorking}>
      <h1 className="checkout-return__title">{title}</h1>
      <p className="checkout-return__detail" role="status">
        {detail}
      </p>
      {isWorking ? (
        <span className="checkout-return__spinner" aria-hidden="true" />
      ) : (
        <Link to={`/post/${postId}`} className="button button--primary">
          Back to the post
        </Link>
      )}
    </section>
  );
}
