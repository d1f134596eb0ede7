/**
 * PLACEHOLDER (owned by the mailing-list work): the subscribe form of spec sections 2, 4, 5, 8
 * (name, email, interests; 'Please check your email to verify your subscription.').
 * The contact section already gives it its place inside the #booking block.
 */
export function SubscribeForm() {
  return (
    <div data-placeholder="subscribe-form" className="border border-dashed border-smoke p-6 text-dust">
      The mailing-list signup form goes here.
    </div>
  );
}
