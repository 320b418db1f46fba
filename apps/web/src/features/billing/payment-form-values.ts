/** The payment form's fields. */
export type Values = {
  name: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country: string;
  number: string;
  expiry: string;
  cvc: string;
  iban: string;
};
