/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ConfirmEmail($token: String!) {\n    confirmEmail(token: $token)\n  }\n": typeof types.ConfirmEmailDocument,
    "\n  query GetEvidenceShown {\n    evidenceShown\n  }\n": typeof types.GetEvidenceShownDocument,
    "\n  mutation SetEvidenceShown($show: Boolean!) {\n    setEvidenceShown(show: $show)\n  }\n": typeof types.SetEvidenceShownDocument,
    "\n  fragment AdminLearnerSummaryFields on AdminLearnerSummary {\n    id\n    email\n    full_name\n    phone\n    paid\n    role\n    deleted\n    created_at\n  }\n": typeof types.AdminLearnerSummaryFieldsFragmentDoc,
    "\n    fragment AdminLearnerFields on AdminLearner {\n      summary {\n        ...AdminLearnerSummaryFields\n      }\n      orders {\n        order_id\n        status\n        amount\n        currency\n        gateway\n        created_at\n        updated_at\n      }\n      payments {\n        payment_id\n        order_id\n        status\n        amount\n        currency\n        method\n        captured_at\n        refunded_at\n        receipt_number\n      }\n      duplicate_payments {\n        payment_id\n        order_id\n        amount\n        status\n        refund_id\n        captured_at\n      }\n      progress {\n        module_id\n        title\n        completed_lessons\n        total_lessons\n        completed_at\n      }\n      certificates {\n        certificate_id\n        title\n        holder_name\n        completed_at\n        revoked_at\n        revoked_reason\n      }\n      emails {\n        kind\n        subject\n        status\n        attempts\n        created_at\n        sent_at\n        last_error\n      }\n      sessions {\n        created_at\n        last_seen_at\n        expires_at\n      }\n      audit {\n        at\n        actor_email\n        action\n        target\n        reason\n        details\n      }\n    }\n  ": typeof types.AdminLearnerFieldsFragmentDoc,
    "\n  fragment BusinessSettingsFields on BusinessSettings {\n    contact {\n      legal_name\n      address\n      support_email\n      support_phone\n      grievance_officer {\n        name\n        contact\n      }\n      gstin\n    }\n    price\n    reference_price {\n      paise\n      charged_since\n      charged_until\n    }\n    offer_ends_at\n    sample_lesson {\n      module_id\n      number\n    }\n  }\n": typeof types.BusinessSettingsFieldsFragmentDoc,
    "\n    query AdminFindLearners($query: String!) {\n      adminFindLearners(query: $query) {\n        ...AdminLearnerSummaryFields\n      }\n    }\n  ": typeof types.AdminFindLearnersDocument,
    "\n    query AdminLearner($id: ID!) {\n      adminLearner(id: $id) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminLearnerDocument,
    "\n    mutation AdminGrantAccess($user_id: ID!, $reason: String!) {\n      adminGrantAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminGrantAccessDocument,
    "\n    mutation AdminRevokeAccess($user_id: ID!, $reason: String!) {\n      adminRevokeAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminRevokeAccessDocument,
    "\n    mutation AdminSignOutEverywhere($user_id: ID!, $reason: String!) {\n      adminSignOutEverywhere(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminSignOutEverywhereDocument,
    "\n    mutation AdminCheckPayment($user_id: ID!, $reason: String!) {\n      adminCheckPayment(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminCheckPaymentDocument,
    "\n    mutation AdminRefundPayment($payment_id: String!, $reason: String!) {\n      adminRefundPayment(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminRefundPaymentDocument,
    "\n    mutation AdminResendReceipt($payment_id: String!, $reason: String!) {\n      adminResendReceipt(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminResendReceiptDocument,
    "\n    mutation AdminRevokeCertificate($certificate_id: String!, $reason: String!) {\n      adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminRevokeCertificateDocument,
    "\n    mutation AdminReissueCertificate($certificate_id: String!, $holder_name: String!, $reason: String!) {\n      adminReissueCertificate(certificate_id: $certificate_id, holder_name: $holder_name, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": typeof types.AdminReissueCertificateDocument,
    "\n  query AdminSales($from: String!, $to: String!) {\n    adminSales(from: $from, to: $to) {\n      from\n      to\n      signups\n      paid_learners\n      revenue\n      refunds\n      conversion_percent\n      days {\n        date\n        signups\n        paid\n        revenue\n        refunds\n      }\n    }\n  }\n": typeof types.AdminSalesDocument,
    "\n  query AdminPaymentsCsv($from: String!, $to: String!) {\n    adminPaymentsCsv(from: $from, to: $to)\n  }\n": typeof types.AdminPaymentsCsvDocument,
    "\n    query GetBusinessSettings {\n      businessSettings {\n        ...BusinessSettingsFields\n      }\n    }\n  ": typeof types.GetBusinessSettingsDocument,
    "\n    mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {\n      updateBusinessSettings(input: $input, reason: $reason) {\n        ...BusinessSettingsFields\n      }\n    }\n  ": typeof types.UpdateBusinessSettingsDocument,
    "\n  mutation CreatePaymentOrder {\n    createPaymentOrder {\n      mode\n      key_id\n      order_id\n      amount\n      currency\n      name\n      description\n      prefill {\n        name\n        email\n        contact\n      }\n      notes {\n        user_id\n        course\n        phone\n      }\n    }\n  }\n": typeof types.CreatePaymentOrderDocument,
    "\n    mutation VerifyPayment($input: VerifyPaymentInput!) {\n      verifyPayment(input: $input) {\n        status\n        user {\n          ...UserFields\n        }\n      }\n    }\n  ": typeof types.VerifyPaymentDocument,
    "\n    query GetUserPaymentStatus {\n      paymentStatus {\n        ...UserFields\n      }\n    }\n  ": typeof types.GetUserPaymentStatusDocument,
    "\n  fragment ReceiptFields on Receipt {\n    number\n    paid_at\n    amount\n    currency\n    payment_id\n    method\n    refunded_at\n    refunds {\n      amount\n      refunded_at\n      credit_note\n    }\n    item\n    tax_line\n    tax_invoice {\n      gstin\n      place_of_supply\n      place_from_learner\n      sac\n      rate_percent\n      taxable\n      cgst\n      sgst\n      igst\n    }\n    seller {\n      legal_name\n      address\n      support_email\n      support_phone\n      gstin\n    }\n    buyer {\n      name\n      email\n      phone\n    }\n  }\n": typeof types.ReceiptFieldsFragmentDoc,
    "\n  query GetAccount {\n    account {\n      user {\n        user_id\n        full_name\n        phone\n        payment_status\n      }\n      created_at\n      email_confirmed\n      receipts {\n        number\n        paid_at\n        amount\n        currency\n        refunded_at\n      }\n      sessions {\n        created_at\n        last_seen_at\n        current\n      }\n    }\n  }\n": typeof types.GetAccountDocument,
    "\n    query GetReceipt($number: String!) {\n      receipt(number: $number) {\n        ...ReceiptFields\n      }\n    }\n  ": typeof types.GetReceiptDocument,
    "\n  query GetMyData {\n    myData\n  }\n": typeof types.GetMyDataDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n    mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {\n      resetPassword(token: $token, password: $password, confirm_password: $confirm) {\n        ...UserFields\n      }\n    }\n  ": typeof types.ResetPasswordDocument,
    "\n    mutation UpdateProfile($name: String!, $phone: String!, $state: String) {\n      updateProfile(full_name: $name, phone: $phone, state_code: $state) {\n        ...UserFields\n      }\n    }\n  ": typeof types.UpdateProfileDocument,
    "\n  mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {\n    changePassword(current_password: $current, password: $password, confirm_password: $confirm)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation LogoutOtherSessions {\n    logoutOtherSessions\n  }\n": typeof types.LogoutOtherSessionsDocument,
    "\n  mutation DeleteAccount($password: String!, $confirmation: String!) {\n    deleteAccount(password: $password, confirmation: $confirmation)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation ResendEmailConfirmation {\n    resendEmailConfirmation\n  }\n": typeof types.ResendEmailConfirmationDocument,
    "\n  query GetAppConfig {\n    appConfig {\n      payments_mode\n      tracking {\n        ads_id\n        signup_label\n        purchase_label\n        ga4_id\n      }\n    }\n  }\n": typeof types.GetAppConfigDocument,
    "\n    query GetCertificates {\n      certificates {\n        certificate_id\n        module_id\n        title\n        holder_name\n        completed_at\n        verify_url\n        image_url\n        file_name\n        credential_url\n        credential_eddsa_url\n        study_hours\n        issuer_name\n        linkedin_url\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  ": typeof types.GetCertificatesDocument,
    "\n    query VerifyCertificate($id: String!) {\n      verifyCertificate(certificate_id: $id) {\n        certificate_id\n        holder_name\n        title\n        kind\n        completed_at\n        revoked_at\n        study_hours\n        issuer_name\n        issuer_url\n        credential_check {\n          signature_valid\n          key_id\n          status\n        }\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  ": typeof types.VerifyCertificateDocument,
    "\n  fragment CheckScoreFields on CheckScore {\n    total\n    answered\n    first_time_right\n  }\n": typeof types.CheckScoreFieldsFragmentDoc,
    "\n  fragment AttemptFields on QuestionAttempt {\n    question_id\n    first_correct\n    last_correct\n    attempts\n    last_choices\n    last_text\n    answer_shown\n    correct_choices\n    correct_answer\n    explanation_html\n  }\n": typeof types.AttemptFieldsFragmentDoc,
    "\n    fragment ModuleProgressFields on ModuleProgress {\n      module_id\n      completed_lessons\n      completed\n      completed_at\n      checks {\n        ...CheckScoreFields\n      }\n    }\n  ": typeof types.ModuleProgressFieldsFragmentDoc,
    "\n    query GetLessonQuestions($module: String!, $number: Int!) {\n      lesson(module_id: $module, number: $number) {\n        questions {\n          id\n          kind\n          prompt_html\n          options {\n            index\n            html\n          }\n          attempt {\n            ...AttemptFields\n          }\n        }\n      }\n    }\n  ": typeof types.GetLessonQuestionsDocument,
    "\n    mutation UpdateUserProgress($module: String!, $number: Int!) {\n      markLessonComplete(module_id: $module, number: $number) {\n        ...ModuleProgressFields\n      }\n    }\n  ": typeof types.UpdateUserProgressDocument,
    "\n    mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {\n      answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) {\n        ...AttemptFields\n      }\n    }\n  ": typeof types.AnswerQuestionDocument,
    "\n    mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {\n      showAnswer(module_id: $module, number: $number, question_id: $question) {\n        ...AttemptFields\n      }\n    }\n  ": typeof types.ShowAnswerDocument,
    "\n  fragment LabFields on Lab {\n    id\n    module_id\n    lesson_number\n    title\n    difficulty\n    objective\n    solved\n    solved_at\n    solved_with_writeup\n    hint_count\n    hints\n    writeup_html\n  }\n": typeof types.LabFieldsFragmentDoc,
    "\n    query GetLabs {\n      labs {\n        ...LabFields\n      }\n    }\n  ": typeof types.GetLabsDocument,
    "\n  mutation StartLab($lab: String!) {\n    startLab(lab_id: $lab) {\n      url\n      expires_at\n    }\n  }\n": typeof types.StartLabDocument,
    "\n  mutation SubmitLabFlag($lab: String!, $flag: String!) {\n    submitLabFlag(lab_id: $lab, flag: $flag) {\n      solved\n      solved_at\n    }\n  }\n": typeof types.SubmitLabFlagDocument,
    "\n    mutation RevealLabHint($lab: String!) {\n      revealLabHint(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  ": typeof types.RevealLabHintDocument,
    "\n    mutation OpenLabWriteup($lab: String!) {\n      openLabWriteup(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  ": typeof types.OpenLabWriteupDocument,
    "\n  query GetLegalPage($slug: String!) {\n    legalPage(slug: $slug) {\n      slug\n      title\n      html\n    }\n  }\n": typeof types.GetLegalPageDocument,
    "\n  query GetPricing {\n    pricing {\n      price\n      reference_price\n      discount_percent\n      reference_charged_since\n      reference_charged_until\n      offer_ends_at\n      gst_registered\n    }\n  }\n": typeof types.GetPricingDocument,
    "\n  query GetSampleLesson {\n    sampleLesson {\n      module_id\n      module_title\n      number\n      title\n      summary\n      path\n    }\n  }\n": typeof types.GetSampleLessonDocument,
    "\n  fragment UserFields on User {\n    user_id\n    full_name\n    phone\n    payment_status\n    subscribed\n    is_admin\n    state_code\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n    mutation LoginUser($email: String!, $password: String!) {\n      loginUser(email: $email, password: $password) {\n        ...UserFields\n      }\n    }\n  ": typeof types.LoginUserDocument,
    "\n    mutation SignupUser($input: SignupInput!) {\n      signupUser(input: $input) {\n        ...UserFields\n      }\n    }\n  ": typeof types.SignupUserDocument,
    "\n  mutation LogoutUser {\n    logoutUser\n  }\n": typeof types.LogoutUserDocument,
};
const documents: Documents = {
    "\n  mutation ConfirmEmail($token: String!) {\n    confirmEmail(token: $token)\n  }\n": types.ConfirmEmailDocument,
    "\n  query GetEvidenceShown {\n    evidenceShown\n  }\n": types.GetEvidenceShownDocument,
    "\n  mutation SetEvidenceShown($show: Boolean!) {\n    setEvidenceShown(show: $show)\n  }\n": types.SetEvidenceShownDocument,
    "\n  fragment AdminLearnerSummaryFields on AdminLearnerSummary {\n    id\n    email\n    full_name\n    phone\n    paid\n    role\n    deleted\n    created_at\n  }\n": types.AdminLearnerSummaryFieldsFragmentDoc,
    "\n    fragment AdminLearnerFields on AdminLearner {\n      summary {\n        ...AdminLearnerSummaryFields\n      }\n      orders {\n        order_id\n        status\n        amount\n        currency\n        gateway\n        created_at\n        updated_at\n      }\n      payments {\n        payment_id\n        order_id\n        status\n        amount\n        currency\n        method\n        captured_at\n        refunded_at\n        receipt_number\n      }\n      duplicate_payments {\n        payment_id\n        order_id\n        amount\n        status\n        refund_id\n        captured_at\n      }\n      progress {\n        module_id\n        title\n        completed_lessons\n        total_lessons\n        completed_at\n      }\n      certificates {\n        certificate_id\n        title\n        holder_name\n        completed_at\n        revoked_at\n        revoked_reason\n      }\n      emails {\n        kind\n        subject\n        status\n        attempts\n        created_at\n        sent_at\n        last_error\n      }\n      sessions {\n        created_at\n        last_seen_at\n        expires_at\n      }\n      audit {\n        at\n        actor_email\n        action\n        target\n        reason\n        details\n      }\n    }\n  ": types.AdminLearnerFieldsFragmentDoc,
    "\n  fragment BusinessSettingsFields on BusinessSettings {\n    contact {\n      legal_name\n      address\n      support_email\n      support_phone\n      grievance_officer {\n        name\n        contact\n      }\n      gstin\n    }\n    price\n    reference_price {\n      paise\n      charged_since\n      charged_until\n    }\n    offer_ends_at\n    sample_lesson {\n      module_id\n      number\n    }\n  }\n": types.BusinessSettingsFieldsFragmentDoc,
    "\n    query AdminFindLearners($query: String!) {\n      adminFindLearners(query: $query) {\n        ...AdminLearnerSummaryFields\n      }\n    }\n  ": types.AdminFindLearnersDocument,
    "\n    query AdminLearner($id: ID!) {\n      adminLearner(id: $id) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminLearnerDocument,
    "\n    mutation AdminGrantAccess($user_id: ID!, $reason: String!) {\n      adminGrantAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminGrantAccessDocument,
    "\n    mutation AdminRevokeAccess($user_id: ID!, $reason: String!) {\n      adminRevokeAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminRevokeAccessDocument,
    "\n    mutation AdminSignOutEverywhere($user_id: ID!, $reason: String!) {\n      adminSignOutEverywhere(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminSignOutEverywhereDocument,
    "\n    mutation AdminCheckPayment($user_id: ID!, $reason: String!) {\n      adminCheckPayment(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminCheckPaymentDocument,
    "\n    mutation AdminRefundPayment($payment_id: String!, $reason: String!) {\n      adminRefundPayment(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminRefundPaymentDocument,
    "\n    mutation AdminResendReceipt($payment_id: String!, $reason: String!) {\n      adminResendReceipt(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminResendReceiptDocument,
    "\n    mutation AdminRevokeCertificate($certificate_id: String!, $reason: String!) {\n      adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminRevokeCertificateDocument,
    "\n    mutation AdminReissueCertificate($certificate_id: String!, $holder_name: String!, $reason: String!) {\n      adminReissueCertificate(certificate_id: $certificate_id, holder_name: $holder_name, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  ": types.AdminReissueCertificateDocument,
    "\n  query AdminSales($from: String!, $to: String!) {\n    adminSales(from: $from, to: $to) {\n      from\n      to\n      signups\n      paid_learners\n      revenue\n      refunds\n      conversion_percent\n      days {\n        date\n        signups\n        paid\n        revenue\n        refunds\n      }\n    }\n  }\n": types.AdminSalesDocument,
    "\n  query AdminPaymentsCsv($from: String!, $to: String!) {\n    adminPaymentsCsv(from: $from, to: $to)\n  }\n": types.AdminPaymentsCsvDocument,
    "\n    query GetBusinessSettings {\n      businessSettings {\n        ...BusinessSettingsFields\n      }\n    }\n  ": types.GetBusinessSettingsDocument,
    "\n    mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {\n      updateBusinessSettings(input: $input, reason: $reason) {\n        ...BusinessSettingsFields\n      }\n    }\n  ": types.UpdateBusinessSettingsDocument,
    "\n  mutation CreatePaymentOrder {\n    createPaymentOrder {\n      mode\n      key_id\n      order_id\n      amount\n      currency\n      name\n      description\n      prefill {\n        name\n        email\n        contact\n      }\n      notes {\n        user_id\n        course\n        phone\n      }\n    }\n  }\n": types.CreatePaymentOrderDocument,
    "\n    mutation VerifyPayment($input: VerifyPaymentInput!) {\n      verifyPayment(input: $input) {\n        status\n        user {\n          ...UserFields\n        }\n      }\n    }\n  ": types.VerifyPaymentDocument,
    "\n    query GetUserPaymentStatus {\n      paymentStatus {\n        ...UserFields\n      }\n    }\n  ": types.GetUserPaymentStatusDocument,
    "\n  fragment ReceiptFields on Receipt {\n    number\n    paid_at\n    amount\n    currency\n    payment_id\n    method\n    refunded_at\n    refunds {\n      amount\n      refunded_at\n      credit_note\n    }\n    item\n    tax_line\n    tax_invoice {\n      gstin\n      place_of_supply\n      place_from_learner\n      sac\n      rate_percent\n      taxable\n      cgst\n      sgst\n      igst\n    }\n    seller {\n      legal_name\n      address\n      support_email\n      support_phone\n      gstin\n    }\n    buyer {\n      name\n      email\n      phone\n    }\n  }\n": types.ReceiptFieldsFragmentDoc,
    "\n  query GetAccount {\n    account {\n      user {\n        user_id\n        full_name\n        phone\n        payment_status\n      }\n      created_at\n      email_confirmed\n      receipts {\n        number\n        paid_at\n        amount\n        currency\n        refunded_at\n      }\n      sessions {\n        created_at\n        last_seen_at\n        current\n      }\n    }\n  }\n": types.GetAccountDocument,
    "\n    query GetReceipt($number: String!) {\n      receipt(number: $number) {\n        ...ReceiptFields\n      }\n    }\n  ": types.GetReceiptDocument,
    "\n  query GetMyData {\n    myData\n  }\n": types.GetMyDataDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n    mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {\n      resetPassword(token: $token, password: $password, confirm_password: $confirm) {\n        ...UserFields\n      }\n    }\n  ": types.ResetPasswordDocument,
    "\n    mutation UpdateProfile($name: String!, $phone: String!, $state: String) {\n      updateProfile(full_name: $name, phone: $phone, state_code: $state) {\n        ...UserFields\n      }\n    }\n  ": types.UpdateProfileDocument,
    "\n  mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {\n    changePassword(current_password: $current, password: $password, confirm_password: $confirm)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation LogoutOtherSessions {\n    logoutOtherSessions\n  }\n": types.LogoutOtherSessionsDocument,
    "\n  mutation DeleteAccount($password: String!, $confirmation: String!) {\n    deleteAccount(password: $password, confirmation: $confirmation)\n  }\n": types.DeleteAccountDocument,
    "\n  mutation ResendEmailConfirmation {\n    resendEmailConfirmation\n  }\n": types.ResendEmailConfirmationDocument,
    "\n  query GetAppConfig {\n    appConfig {\n      payments_mode\n      tracking {\n        ads_id\n        signup_label\n        purchase_label\n        ga4_id\n      }\n    }\n  }\n": types.GetAppConfigDocument,
    "\n    query GetCertificates {\n      certificates {\n        certificate_id\n        module_id\n        title\n        holder_name\n        completed_at\n        verify_url\n        image_url\n        file_name\n        credential_url\n        credential_eddsa_url\n        study_hours\n        issuer_name\n        linkedin_url\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  ": types.GetCertificatesDocument,
    "\n    query VerifyCertificate($id: String!) {\n      verifyCertificate(certificate_id: $id) {\n        certificate_id\n        holder_name\n        title\n        kind\n        completed_at\n        revoked_at\n        study_hours\n        issuer_name\n        issuer_url\n        credential_check {\n          signature_valid\n          key_id\n          status\n        }\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  ": types.VerifyCertificateDocument,
    "\n  fragment CheckScoreFields on CheckScore {\n    total\n    answered\n    first_time_right\n  }\n": types.CheckScoreFieldsFragmentDoc,
    "\n  fragment AttemptFields on QuestionAttempt {\n    question_id\n    first_correct\n    last_correct\n    attempts\n    last_choices\n    last_text\n    answer_shown\n    correct_choices\n    correct_answer\n    explanation_html\n  }\n": types.AttemptFieldsFragmentDoc,
    "\n    fragment ModuleProgressFields on ModuleProgress {\n      module_id\n      completed_lessons\n      completed\n      completed_at\n      checks {\n        ...CheckScoreFields\n      }\n    }\n  ": types.ModuleProgressFieldsFragmentDoc,
    "\n    query GetLessonQuestions($module: String!, $number: Int!) {\n      lesson(module_id: $module, number: $number) {\n        questions {\n          id\n          kind\n          prompt_html\n          options {\n            index\n            html\n          }\n          attempt {\n            ...AttemptFields\n          }\n        }\n      }\n    }\n  ": types.GetLessonQuestionsDocument,
    "\n    mutation UpdateUserProgress($module: String!, $number: Int!) {\n      markLessonComplete(module_id: $module, number: $number) {\n        ...ModuleProgressFields\n      }\n    }\n  ": types.UpdateUserProgressDocument,
    "\n    mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {\n      answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) {\n        ...AttemptFields\n      }\n    }\n  ": types.AnswerQuestionDocument,
    "\n    mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {\n      showAnswer(module_id: $module, number: $number, question_id: $question) {\n        ...AttemptFields\n      }\n    }\n  ": types.ShowAnswerDocument,
    "\n  fragment LabFields on Lab {\n    id\n    module_id\n    lesson_number\n    title\n    difficulty\n    objective\n    solved\n    solved_at\n    solved_with_writeup\n    hint_count\n    hints\n    writeup_html\n  }\n": types.LabFieldsFragmentDoc,
    "\n    query GetLabs {\n      labs {\n        ...LabFields\n      }\n    }\n  ": types.GetLabsDocument,
    "\n  mutation StartLab($lab: String!) {\n    startLab(lab_id: $lab) {\n      url\n      expires_at\n    }\n  }\n": types.StartLabDocument,
    "\n  mutation SubmitLabFlag($lab: String!, $flag: String!) {\n    submitLabFlag(lab_id: $lab, flag: $flag) {\n      solved\n      solved_at\n    }\n  }\n": types.SubmitLabFlagDocument,
    "\n    mutation RevealLabHint($lab: String!) {\n      revealLabHint(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  ": types.RevealLabHintDocument,
    "\n    mutation OpenLabWriteup($lab: String!) {\n      openLabWriteup(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  ": types.OpenLabWriteupDocument,
    "\n  query GetLegalPage($slug: String!) {\n    legalPage(slug: $slug) {\n      slug\n      title\n      html\n    }\n  }\n": types.GetLegalPageDocument,
    "\n  query GetPricing {\n    pricing {\n      price\n      reference_price\n      discount_percent\n      reference_charged_since\n      reference_charged_until\n      offer_ends_at\n      gst_registered\n    }\n  }\n": types.GetPricingDocument,
    "\n  query GetSampleLesson {\n    sampleLesson {\n      module_id\n      module_title\n      number\n      title\n      summary\n      path\n    }\n  }\n": types.GetSampleLessonDocument,
    "\n  fragment UserFields on User {\n    user_id\n    full_name\n    phone\n    payment_status\n    subscribed\n    is_admin\n    state_code\n  }\n": types.UserFieldsFragmentDoc,
    "\n    mutation LoginUser($email: String!, $password: String!) {\n      loginUser(email: $email, password: $password) {\n        ...UserFields\n      }\n    }\n  ": types.LoginUserDocument,
    "\n    mutation SignupUser($input: SignupInput!) {\n      signupUser(input: $input) {\n        ...UserFields\n      }\n    }\n  ": types.SignupUserDocument,
    "\n  mutation LogoutUser {\n    logoutUser\n  }\n": types.LogoutUserDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmEmail($token: String!) {\n    confirmEmail(token: $token)\n  }\n"): typeof import('./graphql').ConfirmEmailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetEvidenceShown {\n    evidenceShown\n  }\n"): typeof import('./graphql').GetEvidenceShownDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetEvidenceShown($show: Boolean!) {\n    setEvidenceShown(show: $show)\n  }\n"): typeof import('./graphql').SetEvidenceShownDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminLearnerSummaryFields on AdminLearnerSummary {\n    id\n    email\n    full_name\n    phone\n    paid\n    role\n    deleted\n    created_at\n  }\n"): typeof import('./graphql').AdminLearnerSummaryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment AdminLearnerFields on AdminLearner {\n      summary {\n        ...AdminLearnerSummaryFields\n      }\n      orders {\n        order_id\n        status\n        amount\n        currency\n        gateway\n        created_at\n        updated_at\n      }\n      payments {\n        payment_id\n        order_id\n        status\n        amount\n        currency\n        method\n        captured_at\n        refunded_at\n        receipt_number\n      }\n      duplicate_payments {\n        payment_id\n        order_id\n        amount\n        status\n        refund_id\n        captured_at\n      }\n      progress {\n        module_id\n        title\n        completed_lessons\n        total_lessons\n        completed_at\n      }\n      certificates {\n        certificate_id\n        title\n        holder_name\n        completed_at\n        revoked_at\n        revoked_reason\n      }\n      emails {\n        kind\n        subject\n        status\n        attempts\n        created_at\n        sent_at\n        last_error\n      }\n      sessions {\n        created_at\n        last_seen_at\n        expires_at\n      }\n      audit {\n        at\n        actor_email\n        action\n        target\n        reason\n        details\n      }\n    }\n  "): typeof import('./graphql').AdminLearnerFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BusinessSettingsFields on BusinessSettings {\n    contact {\n      legal_name\n      address\n      support_email\n      support_phone\n      grievance_officer {\n        name\n        contact\n      }\n      gstin\n    }\n    price\n    reference_price {\n      paise\n      charged_since\n      charged_until\n    }\n    offer_ends_at\n    sample_lesson {\n      module_id\n      number\n    }\n  }\n"): typeof import('./graphql').BusinessSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query AdminFindLearners($query: String!) {\n      adminFindLearners(query: $query) {\n        ...AdminLearnerSummaryFields\n      }\n    }\n  "): typeof import('./graphql').AdminFindLearnersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query AdminLearner($id: ID!) {\n      adminLearner(id: $id) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminLearnerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminGrantAccess($user_id: ID!, $reason: String!) {\n      adminGrantAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminGrantAccessDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminRevokeAccess($user_id: ID!, $reason: String!) {\n      adminRevokeAccess(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminRevokeAccessDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminSignOutEverywhere($user_id: ID!, $reason: String!) {\n      adminSignOutEverywhere(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminSignOutEverywhereDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminCheckPayment($user_id: ID!, $reason: String!) {\n      adminCheckPayment(user_id: $user_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminCheckPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminRefundPayment($payment_id: String!, $reason: String!) {\n      adminRefundPayment(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminRefundPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminResendReceipt($payment_id: String!, $reason: String!) {\n      adminResendReceipt(payment_id: $payment_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminResendReceiptDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminRevokeCertificate($certificate_id: String!, $reason: String!) {\n      adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminRevokeCertificateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdminReissueCertificate($certificate_id: String!, $holder_name: String!, $reason: String!) {\n      adminReissueCertificate(certificate_id: $certificate_id, holder_name: $holder_name, reason: $reason) {\n        ...AdminLearnerFields\n      }\n    }\n  "): typeof import('./graphql').AdminReissueCertificateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSales($from: String!, $to: String!) {\n    adminSales(from: $from, to: $to) {\n      from\n      to\n      signups\n      paid_learners\n      revenue\n      refunds\n      conversion_percent\n      days {\n        date\n        signups\n        paid\n        revenue\n        refunds\n      }\n    }\n  }\n"): typeof import('./graphql').AdminSalesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPaymentsCsv($from: String!, $to: String!) {\n    adminPaymentsCsv(from: $from, to: $to)\n  }\n"): typeof import('./graphql').AdminPaymentsCsvDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetBusinessSettings {\n      businessSettings {\n        ...BusinessSettingsFields\n      }\n    }\n  "): typeof import('./graphql').GetBusinessSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {\n      updateBusinessSettings(input: $input, reason: $reason) {\n        ...BusinessSettingsFields\n      }\n    }\n  "): typeof import('./graphql').UpdateBusinessSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentOrder {\n    createPaymentOrder {\n      mode\n      key_id\n      order_id\n      amount\n      currency\n      name\n      description\n      prefill {\n        name\n        email\n        contact\n      }\n      notes {\n        user_id\n        course\n        phone\n      }\n    }\n  }\n"): typeof import('./graphql').CreatePaymentOrderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation VerifyPayment($input: VerifyPaymentInput!) {\n      verifyPayment(input: $input) {\n        status\n        user {\n          ...UserFields\n        }\n      }\n    }\n  "): typeof import('./graphql').VerifyPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetUserPaymentStatus {\n      paymentStatus {\n        ...UserFields\n      }\n    }\n  "): typeof import('./graphql').GetUserPaymentStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReceiptFields on Receipt {\n    number\n    paid_at\n    amount\n    currency\n    payment_id\n    method\n    refunded_at\n    refunds {\n      amount\n      refunded_at\n      credit_note\n    }\n    item\n    tax_line\n    tax_invoice {\n      gstin\n      place_of_supply\n      place_from_learner\n      sac\n      rate_percent\n      taxable\n      cgst\n      sgst\n      igst\n    }\n    seller {\n      legal_name\n      address\n      support_email\n      support_phone\n      gstin\n    }\n    buyer {\n      name\n      email\n      phone\n    }\n  }\n"): typeof import('./graphql').ReceiptFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetAccount {\n    account {\n      user {\n        user_id\n        full_name\n        phone\n        payment_status\n      }\n      created_at\n      email_confirmed\n      receipts {\n        number\n        paid_at\n        amount\n        currency\n        refunded_at\n      }\n      sessions {\n        created_at\n        last_seen_at\n        current\n      }\n    }\n  }\n"): typeof import('./graphql').GetAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetReceipt($number: String!) {\n      receipt(number: $number) {\n        ...ReceiptFields\n      }\n    }\n  "): typeof import('./graphql').GetReceiptDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetMyData {\n    myData\n  }\n"): typeof import('./graphql').GetMyDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): typeof import('./graphql').RequestPasswordResetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {\n      resetPassword(token: $token, password: $password, confirm_password: $confirm) {\n        ...UserFields\n      }\n    }\n  "): typeof import('./graphql').ResetPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateProfile($name: String!, $phone: String!, $state: String) {\n      updateProfile(full_name: $name, phone: $phone, state_code: $state) {\n        ...UserFields\n      }\n    }\n  "): typeof import('./graphql').UpdateProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {\n    changePassword(current_password: $current, password: $password, confirm_password: $confirm)\n  }\n"): typeof import('./graphql').ChangePasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogoutOtherSessions {\n    logoutOtherSessions\n  }\n"): typeof import('./graphql').LogoutOtherSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($password: String!, $confirmation: String!) {\n    deleteAccount(password: $password, confirmation: $confirmation)\n  }\n"): typeof import('./graphql').DeleteAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendEmailConfirmation {\n    resendEmailConfirmation\n  }\n"): typeof import('./graphql').ResendEmailConfirmationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetAppConfig {\n    appConfig {\n      payments_mode\n      tracking {\n        ads_id\n        signup_label\n        purchase_label\n        ga4_id\n      }\n    }\n  }\n"): typeof import('./graphql').GetAppConfigDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetCertificates {\n      certificates {\n        certificate_id\n        module_id\n        title\n        holder_name\n        completed_at\n        verify_url\n        image_url\n        file_name\n        credential_url\n        credential_eddsa_url\n        study_hours\n        issuer_name\n        linkedin_url\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  "): typeof import('./graphql').GetCertificatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query VerifyCertificate($id: String!) {\n      verifyCertificate(certificate_id: $id) {\n        certificate_id\n        holder_name\n        title\n        kind\n        completed_at\n        revoked_at\n        study_hours\n        issuer_name\n        issuer_url\n        credential_check {\n          signature_valid\n          key_id\n          status\n        }\n        knowledge_checks {\n          ...CheckScoreFields\n        }\n        labs_solved {\n          solved\n          total\n        }\n      }\n    }\n  "): typeof import('./graphql').VerifyCertificateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CheckScoreFields on CheckScore {\n    total\n    answered\n    first_time_right\n  }\n"): typeof import('./graphql').CheckScoreFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AttemptFields on QuestionAttempt {\n    question_id\n    first_correct\n    last_correct\n    attempts\n    last_choices\n    last_text\n    answer_shown\n    correct_choices\n    correct_answer\n    explanation_html\n  }\n"): typeof import('./graphql').AttemptFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ModuleProgressFields on ModuleProgress {\n      module_id\n      completed_lessons\n      completed\n      completed_at\n      checks {\n        ...CheckScoreFields\n      }\n    }\n  "): typeof import('./graphql').ModuleProgressFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetLessonQuestions($module: String!, $number: Int!) {\n      lesson(module_id: $module, number: $number) {\n        questions {\n          id\n          kind\n          prompt_html\n          options {\n            index\n            html\n          }\n          attempt {\n            ...AttemptFields\n          }\n        }\n      }\n    }\n  "): typeof import('./graphql').GetLessonQuestionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateUserProgress($module: String!, $number: Int!) {\n      markLessonComplete(module_id: $module, number: $number) {\n        ...ModuleProgressFields\n      }\n    }\n  "): typeof import('./graphql').UpdateUserProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {\n      answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) {\n        ...AttemptFields\n      }\n    }\n  "): typeof import('./graphql').AnswerQuestionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {\n      showAnswer(module_id: $module, number: $number, question_id: $question) {\n        ...AttemptFields\n      }\n    }\n  "): typeof import('./graphql').ShowAnswerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LabFields on Lab {\n    id\n    module_id\n    lesson_number\n    title\n    difficulty\n    objective\n    solved\n    solved_at\n    solved_with_writeup\n    hint_count\n    hints\n    writeup_html\n  }\n"): typeof import('./graphql').LabFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetLabs {\n      labs {\n        ...LabFields\n      }\n    }\n  "): typeof import('./graphql').GetLabsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartLab($lab: String!) {\n    startLab(lab_id: $lab) {\n      url\n      expires_at\n    }\n  }\n"): typeof import('./graphql').StartLabDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitLabFlag($lab: String!, $flag: String!) {\n    submitLabFlag(lab_id: $lab, flag: $flag) {\n      solved\n      solved_at\n    }\n  }\n"): typeof import('./graphql').SubmitLabFlagDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RevealLabHint($lab: String!) {\n      revealLabHint(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  "): typeof import('./graphql').RevealLabHintDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OpenLabWriteup($lab: String!) {\n      openLabWriteup(lab_id: $lab) {\n        ...LabFields\n      }\n    }\n  "): typeof import('./graphql').OpenLabWriteupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetLegalPage($slug: String!) {\n    legalPage(slug: $slug) {\n      slug\n      title\n      html\n    }\n  }\n"): typeof import('./graphql').GetLegalPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetPricing {\n    pricing {\n      price\n      reference_price\n      discount_percent\n      reference_charged_since\n      reference_charged_until\n      offer_ends_at\n      gst_registered\n    }\n  }\n"): typeof import('./graphql').GetPricingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GetSampleLesson {\n    sampleLesson {\n      module_id\n      module_title\n      number\n      title\n      summary\n      path\n    }\n  }\n"): typeof import('./graphql').GetSampleLessonDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    user_id\n    full_name\n    phone\n    payment_status\n    subscribed\n    is_admin\n    state_code\n  }\n"): typeof import('./graphql').UserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation LoginUser($email: String!, $password: String!) {\n      loginUser(email: $email, password: $password) {\n        ...UserFields\n      }\n    }\n  "): typeof import('./graphql').LoginUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SignupUser($input: SignupInput!) {\n      signupUser(input: $input) {\n        ...UserFields\n      }\n    }\n  "): typeof import('./graphql').SignupUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogoutUser {\n    logoutUser\n  }\n"): typeof import('./graphql').LogoutUserDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
