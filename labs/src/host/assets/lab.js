// The platform's only script on lab pages. When the page shows a solved lab's flag, hand
// it to the course tab that opened the lab (it records the solve), else leave the
// "Record it in my course" link for the learner. Never sends anything anywhere else.
(function () {
  var banner = document.querySelector('[data-lab-flag]');
  if (!banner) return;
  var report = banner.querySelector('.lab-solved-report');
  var origin = banner.getAttribute('data-app-origin');
  try {
    if (window.opener && origin) {
      window.opener.postMessage(
        {
          type: 'ehc-lab-solved',
          labId: banner.getAttribute('data-lab-id'),
          flag: banner.getAttribute('data-lab-flag'),
        },
        origin,
      );
      if (report) {
        report.textContent = 'Sent to your course tab. If it does not show "Solved", use the button below.';
        report.hidden = false;
      }
    }
  } catch (error) {
    // A closed or navigated opener: the link below still records the solve.
  }
})();
