/** 'March 3 at 4:05 PM', with the year when it is not this year (spec 2 §2 Post page: "date and time"). */
function formatPostDateTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}

export function PostDateTime({ createdAt }: { createdAt: string }) {
  return (
    <p className="post-page__date">
      <time dateTime={createdAt}>{formatPostDateTime(createdAt)}</time>
    </p>
  );
}
