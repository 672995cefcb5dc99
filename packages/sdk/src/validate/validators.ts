/**
 * Field validators of spec §5: the Chinese identity card, email, phone and contact number. Pure
 * predicates returning a boolean; the messages that go with a failure belong to the caller's
 * i18n table. They are the contracts' (`@campus/contracts/field-rules`), as the two password
 * rules are (`@campus/contracts/password-rules`), because the server enforces the same ones
 * (the bulk import of users, issue 13 §3); this module keeps the SDK's name for them.
 */
export {
  isValidContact,
  isValidEmail,
  isValidIdCard,
  isValidPhone,
} from '@campus/contracts/field-rules';
