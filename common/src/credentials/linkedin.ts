/**
 * LinkedIn's "Add to profile" link for a certification: it opens the learner's profile with
 * the certification form filled in (name, issuing organisation, issue month, credential
 * id and URL). Only the learner's own click adds anything; we send LinkedIn nothing.
 */
export interface LinkedInCertification {
  name: string;
  organizationName: string;
  /** When it was issued; the month is taken in India Standard Time, as printed on the certificate. */
  issuedAt: Date;
  certUrl: string;
  certId: string;
}

export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  // en-CA formats as YYYY-MM-DD; the time zone puts a completion late at night on the right day.
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(certification.issuedAt)
    .split('-');
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certification.name,
    organizationName: certification.organizationName,
    issueYear: String(Number(year)),
    issueMonth: String(Number(month)),
    certUrl: certification.certUrl,
    certId: certification.certId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
