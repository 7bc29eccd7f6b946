import { inSector } from './brand-types.js';

/*
 * Business software, developer tools, collaboration, e-signature, hosting and accounting services
 * whose notifications phishers copy ("shared a document", "invoice available", "your domain expires").
 * Rules: see brands-tech.ts. Tenant hosts of self-service platforms (company.atlassian.net,
 * company.zendesk.com) are the platform's domain: the claim is judged on the brand named, not the
 * tenant. On enterprise platforms whose tenants are contracted customers (Salesforce, ServiceNow,
 * Qualtrics: tenant-platforms.ts) a tenant named after a catalogued brand is that brand's host. Their user-content hosts (github.io, netlify.app, vercel.app, herokuapp.com…) are in
 * domains.ts and never belong to a brand.
 */

export const SAAS_BRANDS = inSector('saas', [
  { name: 'GitHub', parent: 'Microsoft', domains: ['github.com', 'githubassets.com', 'github.blog', 'githubstatus.com'], keywords: ['github'] },
  { name: 'Atlassian', domains: ['atlassian.com', 'atlassian.net', 'jira.com', 'bitbucket.org', 'trello.com', 'opsgenie.com', 'loom.com'], keywords: ['atlassian', 'bitbucket', 'trello', 'jira cloud', 'jira software', 'confluence cloud'], lookalikeLabels: ['atlassian', 'bitbucket', 'trello'] },
  { name: 'Slack', domains: ['slack.com', 'slackb.com', 'slack-edge.com', 'slack-imgs.com'], keywords: ['slack workspace', 'slack technologies'], exactKeywords: ['Slack'], lookalikeLabels: [] },
  { name: 'Notion', domains: ['notion.so', 'notion.com', 'makenotion.com'], keywords: ['notion so'], exactKeywords: ['Notion'], lookalikeLabels: [] },
  { name: 'Figma', domains: ['figma.com'], keywords: ['figma'] },
  { name: 'Canva', domains: ['canva.com'], keywords: ['canva'] },
  { name: 'Asana', domains: ['asana.com'], keywords: ['asana task'], exactKeywords: ['Asana'], lookalikeLabels: [] },
  { name: 'monday.com', domains: ['monday.com'], keywords: ['monday com'], lookalikeLabels: [] },
  { name: 'Airtable', domains: ['airtable.com'], keywords: ['airtable'] },
  { name: 'Zendesk', domains: ['zendesk.com'], keywords: ['zendesk'] },
  { name: 'HubSpot', domains: ['hubspot.com'], keywords: ['hubspot'] },
  { name: 'Salesforce', domains: ['salesforce.com', 'sfdcstatic.com'], keywords: ['salesforce'] },
  { name: 'Heroku', parent: 'Salesforce', domains: ['heroku.com'], keywords: ['heroku'] },
  { name: 'ServiceNow', domains: ['servicenow.com', 'service-now.com'], keywords: ['servicenow'], lookalikeLabels: ['servicenow'] },
  { name: 'Workday', domains: ['workday.com', 'myworkday.com'], keywords: ['workday account'], exactKeywords: ['Workday'], lookalikeLabels: ['myworkday'] },
  { name: 'SAP Concur', domains: ['concur.com', 'concursolutions.com'], keywords: ['sap concur', 'concur expense'], lookalikeLabels: ['concursolutions'] },
  { name: 'Okta', domains: ['okta.com', 'oktacdn.com', 'okta-emea.com'], keywords: ['okta'] },
  { name: 'Auth0', parent: 'Okta', domains: ['auth0.com'], keywords: ['auth0'] },
  { name: '1Password', domains: ['1password.com', '1password.ca', '1password.eu'], keywords: ['1password'] },
  { name: 'LastPass', domains: ['lastpass.com'], keywords: ['lastpass'] },
  { name: 'Bitwarden', domains: ['bitwarden.com', 'bitwarden.eu'], keywords: ['bitwarden'] },
  { name: 'Dashlane', domains: ['dashlane.com'], keywords: ['dashlane'] },
  { name: 'Cloudflare', domains: ['cloudflare.com'], keywords: ['cloudflare'] },
  { name: 'DigitalOcean', domains: ['digitalocean.com'], keywords: ['digitalocean', 'digital ocean'] },
  { name: 'Vercel', domains: ['vercel.com'], keywords: ['vercel'] },
  { name: 'Netlify', domains: ['netlify.com'], keywords: ['netlify'] },
  { name: 'Twilio', domains: ['twilio.com'], keywords: ['twilio'] },
  { name: 'SendGrid', parent: 'Twilio', domains: ['sendgrid.com'], keywords: ['sendgrid'] },
  { name: 'Mailchimp', parent: 'Intuit / QuickBooks', domains: ['mailchimp.com', 'mailchi.mp'], keywords: ['mailchimp'] },
  { name: 'Intuit / QuickBooks', domains: ['intuit.com', 'quickbooks.com', 'turbotax.com', 'creditkarma.com'], keywords: ['quickbooks', 'intuit', 'turbotax', 'credit karma'] },
  { name: 'Xero', domains: ['xero.com'], keywords: ['xero'] },
  { name: 'FreshBooks', domains: ['freshbooks.com'], keywords: ['freshbooks'] },
  { name: 'Calendly', domains: ['calendly.com'], keywords: ['calendly'] },
  { name: 'DocuSign', domains: ['docusign.com', 'docusign.net', 'docusign.eu'], keywords: ['docusign', 'docu sign'] },
  { name: 'Yousign', domains: ['yousign.com'], keywords: ['yousign'] },
  { name: 'Dropbox', domains: ['dropbox.com', 'dropboxmail.com', 'dropboxstatic.com', 'hellosign.com'], keywords: ['dropbox', 'dropbox sign', 'hellosign'] },
  { name: 'WeTransfer', domains: ['wetransfer.com', 'we.tl'], keywords: ['wetransfer', 'we transfer'] },
  { name: 'Adobe', domains: ['adobe.com', 'adobe.io', 'adobesign.com', 'acrobat.com', 'adobelogin.com', 'echosign.com'], keywords: ['adobe', 'adobe sign', 'adobe acrobat', 'acrobat sign', 'adobe document cloud'], lookalikeLabels: ['adobe', 'adobesign', 'adobelogin', 'echosign'] },
  { name: 'Zoom', domains: ['zoom.us', 'zoom.com', 'zoomgov.com'], keywords: ['zoom meeting', 'zoom video'], exactKeywords: ['Zoom'], lookalikeLabels: ['zoomgov'] },
  { name: 'Webex', domains: ['webex.com', 'cisco.com'], keywords: ['webex', 'cisco webex'] },
  { name: 'GoTo Meeting', domains: ['goto.com', 'gotomeeting.com', 'logmein.com'], keywords: ['gotomeeting', 'goto meeting', 'logmein'], lookalikeLabels: ['gotomeeting', 'logmein'] },
  { name: 'RingCentral', domains: ['ringcentral.com'], keywords: ['ringcentral'] },
  { name: 'Wix', domains: ['wix.com'], keywords: ['wix com'], exactKeywords: ['Wix'] },
  { name: 'GoDaddy', domains: ['godaddy.com'], keywords: ['godaddy', 'go daddy'] },
  { name: 'Namecheap', domains: ['namecheap.com'], keywords: ['namecheap'] },
  { name: 'IONOS', domains: ['ionos.com', 'ionos.de', 'ionos.fr', 'ionos.es', 'ionos.it', 'ionos.co.uk', '1and1.com'], keywords: ['ionos'] },
  { name: 'OVHcloud', domains: ['ovh.com', 'ovhcloud.com'], keywords: ['ovh', 'ovhcloud'] },
  { name: 'Hostinger', domains: ['hostinger.com'], keywords: ['hostinger'] },
]);
