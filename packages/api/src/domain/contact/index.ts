/** The contact area's public face: other areas, the transport and the composition root import it from here. */
export { CONTACT_LIMIT, CONTACT_TEXTS, contactInput, sendContactMessage } from './contact';
