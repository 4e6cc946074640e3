import type { CredentialFacts, IssuerFacts } from './credential-builder';

// One issuer and one certificate, as the credential tests build their credentials from.

export const EXAMPLE_ISSUER: IssuerFacts = {
  appOrigin: 'https://course.example.com',
  legalName: 'Surakshit Learning Private Limited',
  supportEmail: 'help@course.example.com',
  supportPhone: '+91 80 4000 1234',
};

export const EXAMPLE_FACTS: CredentialFacts = {
  certificateId: 'EHC-CRYPTOGRAPHY-1795240800123-ASH',
  scope: 'cryptography',
  holderName: 'Asha Rao',
  holderEmail: 'asha.rao@example.com',
  completedAt: 1795240800123,
  issuedAt: 1795240800123,
  identitySalt: '8c1f0b3e5a7d9c2b4e6f8a0c1d3e5f70',
  subjectId: 'urn:uuid:5f0c7a52-1b7e-4d43-9b1c-2f9e5d6a7b8c',
  statusList: 1,
  statusIndex: 94567,
};
