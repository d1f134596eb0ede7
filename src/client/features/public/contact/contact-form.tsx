/**
 * PLACEHOLDER (owned by the mailing-list work): the contact message form of spec sections 2, 4, 5, 8
 * (name, email, messageType, message; 'Thank you for reaching out. We'll get back to you soon.').
 */
export function ContactForm() {
  return (
    <div data-placeholder="contact-form" className="border border-dashed border-smoke p-6 text-dust">
      The contact form goes here.
    </div>
  );
}
